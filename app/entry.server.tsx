import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { PageBlocks } from "#app/components/pages/page-blocks.tsx";
import { PageBlocksRendering } from "#app/components/pages/page-blocks-rendering.tsx";
import { StaticPartRendering } from "#app/components/site/static-part.tsx";
import {
  renderStaticPart,
  renderStaticPartAgain,
} from "#app/components/site/static-parts.server.ts";
import { bootAfterPaint } from "#app/lib/boot-after-paint.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "#server/db/availability.ts";
import { log } from "#server/log.ts";
import { WholeResponse } from "#server/whole-response.ts";

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
        <PageBlocksRendering value={PageBlocks}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageBlocksRendering>
      </StaticPartRendering>,
      {
        nonce,
        onAllReady() {
          // Everything is rendered: React's many small chunks become one buffer, written
          // to the socket at once (decision 705), not one write per 2 KB chunk; in
          // production a cached public page's scripts wait for the first paint (decision 721).
          // React's server build writes strings (patches/react-dom+*.patch): they are
          // kept as strings and the page is encoded once, at the end (decision 738), and
          // handed to our Express adapter as those bytes (decision 739).
          const chunks: Array<string | Uint8Array> = [];
          const body = new Writable({
            decodeStrings: false,
            write(chunk: string | Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const html = textOf(chunks);
              resolve(
                new WholeResponse(utf8(bootsAfterPaint ? bootAfterPaint(html) : html), {
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
          log.error(`rendering ${new URL(request.url).pathname} failed`, error);
        },
      },
    );
  });
}

const decoder = new TextDecoder();

/** The page's text, from React's string chunks and any byte chunks among them. */
function textOf(chunks: Array<string | Uint8Array>) {
  let text = "";
  for (const chunk of chunks)
    text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * The page's UTF-8 bytes, written in one pass over the text: `Buffer.from` first walks a long
 * string to measure it, then again to write it. Room for the most a character can take.
 */
function utf8(text: string) {
  const bytes = Buffer.allocUnsafe(text.length * 3);
  return bytes.subarray(0, bytes.write(text, "utf8"));
}

/**
 * Loader and action errors, each in one JSON line of the log: a database outage answers 503
 * with Retry-After, not 500; a request that is merely wrong (React Router's own 404 and 405,
 * a page without an action) is the client's mistake, a debug line; anything else an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const where = `${request.method} ${new URL(request.url).pathname}`;
  if (isDatabaseUnavailable(error)) {
    if (context && "outcome" in context)
      (context as AppLoadContext).outcome.isDatabaseUnavailable = true;
    log.warn(`database unavailable while serving ${where}`);
    return;
  }
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.debug(`${where} answered ${error.status} ${error.statusText}`);
    return;
  }
  log.error(`${where} failed`, error);
};

export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if ((context as AppLoadContext | undefined)?.outcome?.isDatabaseUnavailable) {
    const headers = new Headers(response.headers);
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return new Response(response.body, { status: 503, headers });
  }
  return response;
};
