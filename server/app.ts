import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";
import { createAnalyticsEndpoints } from "#server/analytics/endpoints.ts";
import { keepStoredPagePaths } from "#server/analytics/stored-page-paths.ts";
import { apiRouter } from "#server/api/router.ts";
import { authHandler } from "#server/auth/http.ts";
import { listenForLayoutChanges } from "#server/cache/invalidate.ts";
import {
  createPageCache,
  listenForInvalidations,
  serveFromPageCache,
} from "#server/cache/page-cache.ts";
import { pageCacheMiddleware } from "#server/cache/page-cache-middleware.ts";
import { renderSitemap } from "#server/content/sitemap.ts";
import { RETRY_AFTER_SECONDS } from "#server/db/availability.ts";
import type { Database } from "#server/db/client.ts";
import { seoOverrideMiddleware } from "#server/seo/overrides.ts";
import { redirectMiddleware } from "#server/seo/redirect-middleware.ts";
import { refuseNulInAddress } from "./address-guard";
import { limitRequestBodies } from "./body-limit";
import { expressTrustProxy, resolveClientAddress } from "./client-address";
import {
  compressWholeBodies,
  PER_REQUEST_BROTLI_QUALITY,
  PER_REQUEST_GZIP_LEVEL,
  STREAM_BROTLI_WINDOW_BITS,
} from "./compress-whole";
import type { AppContext } from "./context";
import { csrfProtection } from "./csrf";
import type { Env } from "./env";
import { formBodyOnly } from "./form-body";
import { log } from "./log";
import { newNonce } from "./nonce";
import { projectRoot } from "./paths";

import { privateResponses } from "./private-responses";
import { reactRouterHandler } from "./react-router-handler";
import { withRequestId } from "./request-id";
import { publicPageHeaderList, securityHeaders } from "./security-headers";
import { precompressedAssets } from "./static-assets";

const root = projectRoot;

export type AppOptions = {
  env: Env;
  database: Database;
  dev?: boolean;
  /** The render bundle, when its loading began earlier (see importServerBuild). */
  serverBuild?: Promise<ServerBuild>;
};

const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

/**
 * The compiled render bundle (npm run build). The server starts loading it beside the
 * embedded database, whose WebAssembly compiles on other threads meanwhile (decision 731).
 */
export function importServerBuild() {
  return import(path.join(buildDir, "server/index.js")) as Promise<ServerBuild>;
}

export async function createApp({ env, database, dev = false, serverBuild }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // One rule for the client's address (decision 210): Express's own `ip` answers with it too.
  app.set("trust proxy", expressTrustProxy(env.TRUST_PROXY));
  const clientAddress = (request: IncomingMessage) =>
    resolveClientAddress(request, env.TRUST_PROXY);
  Object.defineProperty(app.request, "ip", {
    configurable: true,
    get(this: IncomingMessage) {
      return clientAddress(this);
    },
  });
  // Responses made per request (signed-in pages, data requests) are compressed lightly
  // (decision 738): whole pages and JSON answers in one call, streams through a stream.
  // Cached pages are compressed once, at the most.
  app.use(
    compression({
      level: PER_REQUEST_GZIP_LEVEL,
      brotli: {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_LGWIN]: STREAM_BROTLI_WINDOW_BITS,
        },
      },
    }),
  );
  app.use(compressWholeBodies());

  app.use((_request, response, next) => {
    response.locals.nonce = newNonce();
    next();
  });
  app.use(securityHeaders(env, { dev }));
  // Before anything answers: what is made for a session or a private link is never
  // stored by a shared cache, and no body is read past its route's limit.
  app.use(privateResponses(env));
  app.use(limitRequestBodies());
  app.use(refuseNulInAddress());
  app.use(csrfProtection(env));

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let closeVite = async () => {};
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = () =>
      viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    closeVite = () => viteServer.close();
  } else {
    const clientDir = path.join(buildDir, "client");
    app.use(
      "/assets",
      precompressedAssets(path.join(clientDir, "assets")),
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    // Only addresses under the build's own top-level files and folders are looked for on
    // disk: a page's address never costs a stat (decision 705).
    const serveClientFiles = express.static(clientDir, { maxAge: "1h", index: false });
    const clientEntries = new Set(readdirSync(clientDir));
    app.use((request, response, next) => {
      const first = request.path.split("/", 2)[1] ?? "";
      if (!clientEntries.has(first)) return next();
      serveClientFiles(request, response, next);
    });
    build = await (serverBuild ?? importServerBuild());
  }

  // For load balancers: the process is up / the database answers.
  app.get("/healthz", (_request, response) => {
    response.set("Cache-Control", "no-store").type("text/plain").send("ok");
  });
  app.get("/readyz", async (_request, response) => {
    response.set("Cache-Control", "no-store").type("text/plain");
    try {
      await Promise.race([
        database.db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref()),
      ]);
      response.send("ready");
    } catch {
      response
        .status(503)
        .set("Retry-After", String(RETRY_AFTER_SECONDS))
        .send("database unavailable");
    }
  });

  app.all("/api/auth/*splat", authHandler({ db: database.db, env, clientAddress }));
  // The JSON API: bearer tokens only, its own JSON answers, never a page (decision 410).
  app.use("/api/v1", apiRouter({ database, env }));

  // Page-view and proposal-reading beacons (JSON, 4 KB): answered here, before the
  // form-only rule below, and never through the page cache (they are POSTs).
  // Landing pages stored as blocks are counted too: their paths kept in memory, in step.
  await keepStoredPagePaths(database);
  const analytics = createAnalyticsEndpoints({ database, env, clientAddress });
  app.use(analytics.router);

  // Managed redirects and old slugs of published items, before any page renders or is cached.
  const redirects = await redirectMiddleware(database);
  app.use(redirects);

  // Anonymous GETs of public pages are answered from rendered HTML until content changes:
  // hits straight from the HTTP server (handle below), misses render and are kept here.
  const pageCache = dev ? undefined : createPageCache();
  // The header settings and menus every page shows are kept in memory until the same NOTIFY.
  await listenForLayoutChanges(database);
  if (pageCache) {
    await listenForInvalidations(database, pageCache);
    app.use(
      pageCacheMiddleware({ cache: pageCache, headersFor: publicPageHeaderList(env, { dev }) }),
    );
  }

  // The files a sitemap index points to (/sitemap.xml is a route; these are numbered).
  app.get(/^\/sitemap-(\d+)\.xml$/, async (request, response, next) => {
    try {
      const part = Number(request.params[0]);
      const body = await renderSitemap({ db: database.db, publicUrl: env.PUBLIC_URL, part });
      if (body === undefined) return response.status(404).type("text/plain").send("Not found.");
      response.type("application/xml; charset=utf-8").send(body);
    } catch (error) {
      next(error);
    }
  });

  // Staff SEO overrides rewrite the head of server-rendered public pages (cached rewritten).
  app.use(await seoOverrideMiddleware(database, env.PUBLIC_URL));

  // Actions read forms only: other bodies get a 4xx here, not a 500 inside an action.
  app.use(formBodyOnly());

  app.use(
    reactRouterHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext(request, response): AppContext {
        return {
          db: database.db,
          database,
          env,
          // Empty for a page the page cache keeps: its scripts go by hash, not nonce.
          nonce: response.locals.nonce as string,
          clientAddress: clientAddress(request),
          outcome: {},
        };
      },
    }),
  );

  app.use(
    (error: unknown, _request: express.Request, response: express.Response, _next: unknown) => {
      log.error("unhandled request error", error);
      if (!response.headersSent)
        response.status(500).type("text/plain").send("Something went wrong.");
    },
  );

  // Every request gets an id for its log lines and X-Request-Id. Page-cache hits on the
  // connections Node's parser reads (connection-hits.ts answers the plainest ones before it)
  // are answered first here: no Express, no async context for log lines (nothing logs on a
  // hit), their id written into the entry's header block.
  const expressWithIds = withRequestId((request, response) => app(request, response));
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (
      pageCache &&
      serveFromPageCache(request, response, { cache: pageCache, skip: redirects.redirects })
    )
      return;
    expressWithIds(request, response);
  };

  // Closing writes the page views still buffered (graceful shutdown loses none).
  const close = async () => {
    await analytics.close();
    await closeVite();
  };
  // What connection-hits.ts needs to answer hits before Node's HTTP parser (production only).
  const hits = pageCache ? { cache: pageCache, skip: redirects.redirects } : undefined;
  return { app, handle, hits, close };
}
