import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader } from "#app/routes/admin/seo/index.tsx";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import type { AppContext } from "#server/context.ts";
import { parseEnv } from "#server/env.ts";
import { cookieOf } from "#tests/helpers/auth-context.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

// An admin's browser (or anyone who can make it send a request) sets the Host header. The SEO
// audit once fetched every public page from that host: with `Host: 127.0.0.1:PORT` the server
// read an internal service's pages and showed their titles. The audit reads the site at
// PUBLIC_URL only, through the guarded client (server/net).

type Stub = { url: string; hits: string[]; close: () => Promise<void> };

async function stub(
  title: string,
  {
    extra = () => "",
    redirects = {},
  }: {
    extra?: (path: string) => string;
    redirects?: Record<string, () => string>;
  } = {},
): Promise<Stub> {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? "");
    const redirect = redirects[request.url ?? ""];
    if (redirect) {
      response.writeHead(302, { Location: redirect() });
      response.end();
      return;
    }
    if (request.url === "/sitemap.xml") {
      response.writeHead(200, { "Content-Type": "application/xml" });
      response.end("<urlset></urlset>");
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end(
      `<html><head><title>${title}</title></head><body>${extra(request.url ?? "")}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describeEachDatabase(
  "the SEO audit reads the site at PUBLIC_URL, never at the request's Host",
  (get) => {
    let site: Stub;
    let internal: Stub;
    let cookie = "";
    let context: () => AppContext;

    beforeAll(async () => {
      internal = await stub("Internal admin console");
      // The site's pages link to the internal service, and one redirects there: neither is a
      // reason to fetch it.
      site = await stub("Frontier page", {
        extra: () => `<a href="//${new URL(internal.url).host}/x">x</a>`,
        redirects: { "/pricing": () => `${internal.url}/pricing` },
      });
      const env = parseEnv({
        DATA_DIR: tmpdir(),
        AUTH_SECRET: "seo-address-secret-seo-address-secret-1",
        PUBLIC_URL: site.url,
        NODE_ENV: "test",
      });
      context = () =>
        ({
          db: get().db,
          database: get(),
          env,
          nonce: "n",
          clientAddress: "192.0.2.30",
          outcome: {},
        }) as unknown as AppContext;
      const email = `seo-admin-${Date.now()}@frontier.test`;
      const password = "seo audit admin password";
      await createStaffUser({ db: get().db }, { email, password, role: "admin" });
      const { headers } = await signIn(context(), {
        email,
        password,
        request: new Request(`${site.url}/login`),
      });
      cookie = cookieOf(headers);
    }, 60_000);

    afterAll(async () => {
      await site?.close();
      await internal?.close();
    });

    it("audits the pages of PUBLIC_URL when the request names another host", async () => {
      // What `Host: 127.0.0.1:PORT` makes of the request's address.
      const address = `${internal.url}/admin/seo?audit=1`;
      const result = await loader({
        request: new Request(address, { headers: { Cookie: cookie } }),
        url: new URL(address),
        context: context(),
        params: {},
      } as never);
      expect(internal.hits).toEqual([]);
      expect(site.hits).toContain("/sitemap.xml");
      expect(site.hits).toContain("/about-us");
      const titles = new Set(result.audit?.map((page) => page.title));
      expect(titles).toEqual(new Set(["Frontier page", null]));
      expect(result.audit?.find((page) => page.path === "/pricing")?.problems).toContain(
        "The page answers 302 instead of 200.",
      );
    });
  },
);
