import { describe, expect, it } from "vitest";
import { loginSchema, safeRedirect } from "./auth-forms";

describe("redirect after sign-in", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/admin/clients?q=a")).toBe("/admin/clients?q=a");
    expect(safeRedirect(undefined)).toBe("/admin");
  });
  it("refuses other origins and tricks", () => {
    for (const target of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "evil",
      "/\x07x",
    ])
      expect(safeRedirect(target)).toBe("/admin");
  });
});

describe("login form", () => {
  it("normalises the email and names what is missing", () => {
    expect(loginSchema.parse({ email: " Boss@Example.COM ", password: "x" }).email).toBe(
      "boss@example.com",
    );
    const result = loginSchema.safeParse({ email: "", password: "" });
    expect(result.success).toBe(false);
  });
});
