import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivatePath, PRIVATE_CACHE_CONTROL, privateResponses } from "./private-responses";

describe("isPrivatePath", () => {
  it("covers the command center, sign-in, client links and their data requests", () => {
    for (const path of [
      "/admin",
      "/admin.data",
      "/admin/team",
      "/admin/team.data",
      "/api/auth/get-session",
      "/login",
      "/reset-password",
      "/setup",
      "/proposal/abc",
      "/proposal/abc.data",
      "/onboarding/abc/autosave",
      "/newsletter/unsubscribe",
      "/portal",
      "/portal.data",
      "/portal/invoices",
      "/portal/invoices.data",
      "/portal/invoices/abc/pdf",
      "/portal/statement",
      "/portal/events",
      "/portal/sign-in",
    ])
      expect(isPrivatePath(path), path).toBe(true);
    for (const path of ["/", "/_root.data", "/insights/x", "/contact.data", "/administrators"])
      expect(isPrivatePath(path), path).toBe(false);
  });
});

describe("privateResponses", () => {
  let base = "";
  let close = () => {};

  beforeAll(async () => {
    const app = express();
    app.use(privateResponses({ PUBLIC_URL: "http://frontier.test" }));
    // Routes that try to make themselves cacheable, in every way a header can be set.
    app.get("/admin/team", (_request, response) => {
      response.set("Cache-Control", "public, max-age=30").send("staff emails");
    });
    app.get("/proposal/:id", (_request, response) => {
      response.writeHead(200, {
        "Cache-Control": "public, max-age=30",
        "Content-Type": "text/plain",
      });
      response.end("a proposal");
    });
    app.get("/login", (_request, response) => response.redirect("/admin"));
    app.get("/insights", (_request, response) => {
      response.set("Cache-Control", "public, max-age=300").send("public page");
    });
    app.get("/logo.svg", (_request, response) => {
      response.set("Cache-Control", "public, max-age=3600").send("<svg/>");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const cacheControl = async (path: string, cookie?: string) =>
    (
      await fetch(`${base}${path}`, {
        redirect: "manual",
        headers: cookie ? { Cookie: cookie } : {},
      })
    ).headers.get("cache-control");

  it("marks private addresses private, whatever the route set, redirects and 404s included", async () => {
    expect(await cacheControl("/admin/team")).toBe(PRIVATE_CACHE_CONTROL);
    expect(await cacheControl("/proposal/abc")).toBe(PRIVATE_CACHE_CONTROL);
    expect(await cacheControl("/login")).toBe(PRIVATE_CACHE_CONTROL);
    expect(await cacheControl("/admin/nothing-here")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("marks any page asked for with the session cookie, but not a file or an anonymous visit", async () => {
    const session = "theme=dark; frontier.session=abc.def";
    expect(await cacheControl("/insights")).toBe("public, max-age=300");
    expect(await cacheControl("/insights", "theme=dark")).toBe("public, max-age=300");
    expect(await cacheControl("/insights", session)).toBe(PRIVATE_CACHE_CONTROL);
    expect(await cacheControl("/logo.svg", session)).toBe("public, max-age=3600");
  });

  it("marks any page asked for with a client contact's portal session the same way", async () => {
    expect(await cacheControl("/insights", "frontier.portal=abc")).toBe(PRIVATE_CACHE_CONTROL);
    expect(await cacheControl("/logo.svg", "frontier.portal=abc")).toBe("public, max-age=3600");
  });
});
