import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors";
import { formAction, readForm, UNSUPPORTED_BODY } from "./form-body";
import { projectRoot } from "./paths";

describe("readForm", () => {
  it("reads a form", async () => {
    const form = await readForm(
      new Request("http://frontier.test/contact", {
        method: "POST",
        body: new URLSearchParams({ a: "1" }),
      }),
    );
    expect(form.get("a")).toBe("1");
  });

  it("answers a truncated multipart body with a 400 the client can act on", async () => {
    const request = new Request("http://frontier.test/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nhalf a fi',
    });
    const failure = await readForm(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Response);
    expect((failure as Response).status).toBe(400);
    expect(await (failure as Response).text()).toBe(UNSUPPORTED_BODY);
  });

  it("is how every route and server module reads a form", () => {
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) visit(file);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== "form-body.ts")
          if (/\.formData\(\)/.test(readFileSync(file, "utf8")))
            offenders.push(path.relative(projectRoot, file));
      }
    };
    visit(path.join(projectRoot, "app"));
    visit(path.join(projectRoot, "server"));
    expect(offenders).toEqual([]);
  });
});

describe("formAction", () => {
  const schema = z.object({ email: z.email("Enter a valid email.") });
  const post = (fields: Record<string, string>) =>
    new Request("http://frontier.test/form", {
      method: "POST",
      body: new URLSearchParams(fields),
    });

  it("runs with what the schema parsed", async () => {
    const answer = await formAction(
      post({ email: "ada@example.com", extra: "x" }),
      schema,
      (input) => Promise.resolve({ ok: true, input }),
    );
    expect(answer).toEqual({ ok: true, input: { email: "ada@example.com" } });
  });

  it("answers a refused form with a 400, its message and field errors, without running", async () => {
    let hasRun = false;
    const answer = await formAction(
      post({ email: "nope" }),
      schema,
      async () => {
        hasRun = true;
      },
      "Check your email.",
    );
    expect(hasRun).toBe(false);
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        error: "Check your email.",
        fieldErrors: { email: ["Enter a valid email."] },
      },
    });
  });

  it("answers a domain refusal with its status and throws anything else", async () => {
    const refused = await formAction(post({ email: "ada@example.com" }), schema, () =>
      Promise.reject(new AppError("CONFLICT", "That email is taken.")),
    );
    expect(refused).toMatchObject({
      init: { status: 409 },
      data: { error: "That email is taken." },
    });
    await expect(
      formAction(post({ email: "ada@example.com" }), schema, () =>
        Promise.reject(new Error("disk on fire")),
      ),
    ).rejects.toThrow("disk on fire");
  });
});
