import type { Request, RequestHandler, Response } from "express";
import { formatMegabytes, uploadLimits } from "#server/media/validate-upload.ts";
import {
  ONBOARDING_FILE_TOO_LARGE,
  ONBOARDING_MAX_FILE_BYTES,
} from "#shared/business/onboarding-form.ts";
import { importFileLimits } from "#shared/imports.ts";

const KB = 1024;
const MB = 1024 * KB;
/** Room around a file for a multipart form's other fields and part headers. */
const ENVELOPE = 64 * KB;

/** The largest body a route accepts, and what a larger one is answered (413). */
export type BodyLimit = {
  bytes: number;
  message: string;
  /** The route answers JSON (`{ ok: false, error }`), so its refusal does too. */
  isJson?: boolean;
  /** The refusal's JSON body when the route has a shape of its own (the API's). */
  jsonBody?: unknown;
  /**
   * Its reader (Better Auth) is not ours and cannot be stopped cleanly halfway: a body
   * without a Content-Length is refused (411) before it reads anything. Our pages always
   * send one.
   */
  requiresLength?: boolean;
};

const textForm = (bytes: number, isJson = false): BodyLimit => ({
  bytes,
  isJson,
  message: `This form is too large to send (the limit is ${bytes >= MB ? formatMegabytes(bytes) : `${bytes / KB} KB`}). Shorten the text and try again.`,
});

const largestMediaUpload = Math.max(...Object.values(uploadLimits));

/**
 * Every route's body limit (docs/decisions/207-request-body-limits.md): uploads get their
 * file limit plus the form around it, the command center's long texts (articles, proposals,
 * a CSV import) a few megabytes, and everything else 64 KB.
 */
export function bodyLimitFor({ path, isMultipart }: { path: string; isMultipart: boolean }) {
  const route = path.replace(/\.data$/, "").replace(/\/+$/, "");
  if (route === "/admin/media/upload")
    return {
      bytes: largestMediaUpload + ENVELOPE,
      isJson: true,
      message: `The file is larger than any upload allows (${formatMegabytes(largestMediaUpload)}).`,
    };
  if (/^\/onboarding\/[^/]+$/.test(route))
    return isMultipart
      ? { bytes: ONBOARDING_MAX_FILE_BYTES + ENVELOPE, message: ONBOARDING_FILE_TOO_LARGE }
      : textForm(256 * KB);
  if (/^\/onboarding\/[^/]+\/autosave$/.test(route)) return textForm(256 * KB, true);
  // A CSV of up to 5 MB, sent as a file or (from its preview) as URL-encoded text.
  if (route === "/admin/subscribers")
    return { bytes: 16 * MB, message: "The CSV file is larger than 5 MB; split it." };
  if (route === "/admin/content/autosave") return textForm(2 * MB, true);
  // Imports (decision 520): an export of up to 512 MB, then its uploads folder as a zip of up to 2 GB.
  if (route === "/admin/import" && isMultipart)
    return {
      bytes: importFileLimits.source + ENVELOPE,
      message: `The export is larger than ${formatMegabytes(importFileLimits.source)}; use npm run import on the server.`,
    };
  if (/^\/admin\/import\/[^/]+$/.test(route) && isMultipart)
    return {
      bytes: importFileLimits.zip + ENVELOPE,
      message: `The zip is larger than ${formatMegabytes(importFileLimits.zip)}; use npm run import on the server.`,
    };
  if (route === "/admin" || route.startsWith("/admin/")) return textForm(2 * MB);
  if (route.startsWith("/api/auth/")) return { ...textForm(16 * KB, true), requiresLength: true };
  if (route === "/api/chat") return textForm(64 * KB, true);
  if (route === "/api/v1" || route.startsWith("/api/v1/")) {
    const message = "The body is larger than 64 KB.";
    return {
      bytes: 64 * KB,
      message,
      jsonBody: { error: { code: "PAYLOAD_TOO_LARGE", message } },
    };
  }
  // Analytics beacons: a path, a referrer and a campaign, or a proposal's section times.
  if (route === "/api/event" || route === "/api/proposal-view")
    return { bytes: 4 * KB, isJson: true, message: "An analytics event is at most 4 KB." };
  return textForm(64 * KB);
}

/**
 * How a refused request's connection lingers (what nginx's lingering close does): it stays
 * open while the client keeps sending, so a slow client still reads its 413, and closes once
 * nothing has arrived for LINGER_IDLE_MS, or LINGER_MAX_MS after the refusal. A body refused
 * by its declared length is read and dropped up to LINGER_BYTES; past that nothing more is
 * read, so the client's sending waits (and stops counting as progress).
 */
const LINGER_IDLE_MS = 2000;
const LINGER_MAX_MS = 30_000;
const LINGER_BYTES = 1 * MB;
const LINGER_CHECK_MS = 250;

/**
 * Closes a refused request's connection once its client has had time to read the 413.
 * Closing at once while the client is still sending would reset the connection, and the
 * client might never read the answer. So when Node would close it after the answer (a
 * "Connection: close" answer or request), only its sending side closes; the rest follows when
 * the body has ended or the linger is over. Progress is the socket's own byte count, which
 * moves however the body is read (or dropped by Node's parser). A body that ends in time
 * leaves the connection as the answer left it: open for the next request, or closed now.
 */
function closeAfterLinger(request: Request) {
  const socket = request.socket;
  socket.destroySoon = () => void socket.end();
  const startedAt = Date.now();
  let lastBytes = socket.bytesRead;
  let lastProgressAt = startedAt;
  const timer = setInterval(() => {
    if (request.complete) {
      clearInterval(timer);
      if (socket.writableEnded) socket.destroy();
      return;
    }
    const now = Date.now();
    const bytes = socket.bytesRead;
    if (bytes !== lastBytes) lastProgressAt = now;
    lastBytes = bytes;
    if (now - lastProgressAt >= LINGER_IDLE_MS || now - startedAt >= LINGER_MAX_MS) {
      clearInterval(timer);
      socket.destroy();
    }
  }, LINGER_CHECK_MS);
  timer.unref();
  socket.once("close", () => clearInterval(timer));
}

/**
 * Refuses a body by its declared length, before any of it is read. The rest of it is read
 * and dropped while the connection lingers (so a slightly large body can end and the
 * connection serve on; past LINGER_BYTES the reading stops).
 */
function refuseDeclared(request: Request, response: Response, limit: BodyLimit) {
  closeAfterLinger(request);
  let dropped = 0;
  request.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) request.pause();
  });
  send413(response, limit);
}

/**
 * Refuses a body found past its limit while it is being read. Its readers fail and the rest
 * of it is dropped, but the connection lingers (closeAfterLinger): the request is destroyed
 * without its socket, which destroying it the usual way would close with the answer unread.
 */
function refuseWhileReading(request: Request, response: Response, limit: BodyLimit) {
  request._destroy = (error, callback) => callback(error);
  failReaders(request);
  response.set("Connection", "close");
  closeAfterLinger(request);
  send413(response, limit);
}

function send413(response: Response, limit: BodyLimit) {
  response.status(413);
  if (limit.jsonBody) response.json(limit.jsonBody);
  else if (limit.isJson) response.json({ ok: false, error: limit.message });
  else response.type("text/plain").send(limit.message);
}

/**
 * Whoever is still reading the body gets an error, not a cut-off body that could parse as a
 * whole (shorter) form. Alone (an answer already went out), this closes the connection too.
 */
function failReaders(request: Request) {
  request.on("error", () => {});
  request.destroy(new Error("The request body is larger than this address accepts."));
}

/**
 * Bounds every request body before anything reads it. A declared Content-Length past the
 * route's limit is answered 413 at once; otherwise the bytes are counted as they are read
 * (a chunked body has no length to trust), and the 413 goes out as soon as the count passes
 * the limit, whoever is reading: the pages' actions, the chat and upload endpoints. Better
 * Auth's addresses take only bodies of a declared length.
 */
export function limitRequestBodies(): RequestHandler {
  return (request, response, next) => {
    const declared = Number(request.headers["content-length"] ?? 0);
    if (!request.headers["transfer-encoding"] && !(declared > 0)) return next();
    const limit = bodyLimitFor({
      path: request.path,
      isMultipart: /^multipart\//i.test(request.headers["content-type"] ?? ""),
    });
    if (declared > limit.bytes) return refuseDeclared(request, response, limit);
    if (limit.requiresLength && !(declared > 0)) {
      response.status(411).set("Connection", "close");
      response.json({ ok: false, error: "Send this request with its length (Content-Length)." });
      return;
    }
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit.bytes) return;
      request.off("data", count);
      if (response.headersSent) return failReaders(request);
      refuseWhileReading(request, response, limit);
    };
    // prependListener (EventEmitter's, not Readable's `on`) counts each chunk before any
    // reader sees it, without starting the flow of data: nothing is read until a reader asks.
    request.prependListener("data", count);
    next();
  };
}
