import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "react-router";
import { ServerRouter } from "react-router";
import { StaticPartRendering } from "#app/components/site/static-part.tsx";
import {
  renderStaticPart,
  renderStaticPartAgain,
} from "#app/components/site/static-parts.server.ts";
import { bootAfterPaint } from "#app/lib/boot-after-paint.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "#server/db/availability.ts";

export const streamTimeout = 5_000;
// Development keeps React Router's boot script as it is (Vite's client and HMR live beside it).
const isProduction = process.env.NODE_ENV === "production";
// Static parts of public pages are rendered once in production (decision 737).
const staticParts = isProduction ? renderStaticPart : renderStaticPartAgain;

/**
 * Renders the whole document before answering (no streaming), so every page is
 * complete HTML for visitors without JavaScript, crawlers and the page cache.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Empty for a page the page cache keeps (server/cache): its CSP names its scripts by hash.
  const nonce = loadContext.nonce || undefined;
  // Only the public pages the page cache keeps (no nonce) wait for the first paint: screens
  // people type into at once (the command center, sign-in, the portal) hydrate as soon as
  // their scripts arrive, so nothing typed is lost to a late hydration.
  const bootsAfterPaint = isProduction && !nonce;
  if (loadContext.outcome?.isDatabaseUnavailable) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <StaticPartRendering value={staticParts}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StaticPartRendering>,
      {
        nonce,
        onAllReady() {
          // Everything is rendered: React's many small chunks become one buffer, written
          // to the socket at once (decision 705), not one write per 2 KB chunk; in
          // production a cached public page's scripts wait for the first paint (decision 721).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const html = Buffer.concat(chunks);
              resolve(
                new Response(bootsAfterPaint ? bootAfterPaint(html.toString("utf8")) : html, {
                  headers: responseHeaders,
                  status,
                }),
              );
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}

/** Loader and action errors: a database outage answers 503 with Retry-After, not 500. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    if (context && "outcome" in context)
      (context as AppLoadContext).outcome.isDatabaseUnavailable = true;
    console.warn(
      `database unavailable while serving ${request.method} ${new URL(request.url).pathname}`,
    );
    return;
  }
  if (!request.signal.aborted) console.error(error);
};

export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if ((context as AppLoadContext | undefined)?.outcome?.isDatabaseUnavailable) {
    const headers = new Headers(response.headers);
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return new Response(response.body, { status: 503, headers });
  }
  return response;
};
