import { describe, expect, it } from "vitest";
import { NEWSLETTER_INVALID_EMAIL, newsletterSchema } from "./newsletter";

describe("newsletterSchema", () => {
  it.each(["", "   ", "not-an-email", "a@", `${"x".repeat(250)}@example.com`])(
    "refuses %j",
    (email) => {
      const result = newsletterSchema.safeParse({ email });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(NEWSLETTER_INVALID_EMAIL);
    },
  );

  it("accepts and trims a valid address", () => {
    expect(newsletterSchema.parse({ email: "  ada@example.com " })).toEqual({
      email: "ada@example.com",
    });
  });

  it("refuses a missing field with the same message", () => {
    expect(newsletterSchema.safeParse({}).error?.issues[0].message).toBe(NEWSLETTER_INVALID_EMAIL);
  });
});
