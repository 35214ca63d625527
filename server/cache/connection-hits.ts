import { maxHeaderSize, type Server } from "node:http";
import type { Socket } from "node:net";
import { requestIdFrom } from "#server/request-id.ts";
import { answerOf, findHit, type HitOptions } from "./page-cache";

const HEAD_END = Buffer.from("\r\n\r\n", "latin1");
/** Only the plainest request line: GET or HEAD of a path, HTTP/1.1. */
const REQUEST_LINE = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1$/;
/**
 * A header whose name is a token and whose value is visible ASCII, spaces and tabs only. One
 * character class for the whole value (trimmed afterwards), so a failed match costs time in
 * proportion to the line, never to its square.
 */
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):([\t -~]*)$/;
/** A request head split over more reads than this is left to Node's parser. */
const MAX_HEAD_READS = 4;
/** Answers queued on a socket past this stop the reading until they are written. */
const MAX_QUEUED_BYTES = 1024 * 1024;

/** The headers a hit's answer depends on, and where parseHitRequest keeps each. */
const READ_HEADERS = {
  "accept-encoding": "acceptEncoding",
  "if-none-match": "ifNoneMatch",
  "x-request-id": "requestId",
} as const;

/** Headers that mean the request is not a plain anonymous read of a page. */
const NOT_A_HIT = new Set([
  "content-length",
  "transfer-encoding",
  "cookie",
  "authorization",
  "upgrade",
  "expect",
]);

type HitRequest = { method: "GET" | "HEAD"; target: string } & Partial<
  Record<(typeof READ_HEADERS)[keyof typeof READ_HEADERS], string>
>;

/**
 * A request head this layer may answer, or undefined when Node's parser must read it: any
 * body (Content-Length, Transfer-Encoding), a cookie or credentials, an upgrade, an Expect,
 * a Connection other than keep-alive, not exactly one Host, a repeated header this layer
 * reads, or any byte outside printable ASCII, tabs and CRLF line ends.
 */
export function parseHitRequest(head: string): HitRequest | undefined {
  const lines = head.split("\r\n");
  const requestLine = REQUEST_LINE.exec(lines[0]);
  if (!requestLine) return undefined;
  const request: HitRequest = {
    method: requestLine[1] as HitRequest["method"],
    target: requestLine[2],
  };
  let hosts = 0;
  for (let index = 1; index < lines.length; index++) {
    const header = HEADER_LINE.exec(lines[index]);
    if (!header) return undefined;
    const name = header[1].toLowerCase();
    const value = header[2].trim();
    if (name === "host") hosts++;
    else if (name === "connection" && value.toLowerCase() !== "keep-alive") return undefined;
    else if (NOT_A_HIT.has(name)) return undefined;
    else if (Object.hasOwn(READ_HEADERS, name)) {
      const field = READ_HEADERS[name as keyof typeof READ_HEADERS];
      if (request[field] !== undefined) return undefined;
      request[field] = value;
    }
  }
  return hosts === 1 ? request : undefined;
}

let dateLine = "";
let dateLineUntil = 0;

/** The Date header of answers written this second (made once a second, as Node does). */
function currentDateLine() {
  const now = Date.now();
  if (now >= dateLineUntil) {
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
    dateLineUntil = now - (now % 1000) + 1000;
  }
  return dateLine;
}

/**
 * Page-cache hits answered on the connection, before Node's HTTP parser (decision 730).
 * Each new connection's bytes are read here first. A request head that `parseHitRequest`
 * accepts and the cache holds is answered at once with the entry's header block and
 * buffer. Anything else, and every byte after it, goes to Node's HTTP server exactly as it
 * arrived; the connection then stays with Node for the rest of its life.
 * - Requests with a body are never answered here, so where one request ends is never in
 *   doubt: the first blank line.
 * - Node's own limits still apply: a head larger than `maxHeaderSize`, or one that takes
 *   more than a few reads, is handed over whole; an idle connection closes after the
 *   keep-alive timeout once answered, after the headers timeout before.
 * Returns `closeIdle()` for shutdown: it closes the held connections that are idle between
 * answers and hands the others to Node, which answers what arrives on them (as its own
 * `closeIdleConnections` leaves a connection that has not sent its request yet).
 */
export function answerHitsOnConnections(server: Server, hits: HitOptions) {
  // Node's own limit on a head's size, as this server applies it.
  const headerLimit = (server as { maxHeaderSize?: number }).maxHeaderSize ?? maxHeaderSize;
  const nodeListeners = server.listeners("connection") as Array<(socket: Socket) => void>;
  server.removeAllListeners("connection");
  /** The connections this layer holds, each with what shutting down does to it. */
  const held = new Map<Socket, () => void>();
  // The lines that end every answer, made again only when the keep-alive timeout changes.
  let connectionLinesFor = Number.NaN;
  let connectionLines = "";
  const endOfHead = () => {
    const timeout = server.keepAliveTimeout;
    if (timeout !== connectionLinesFor) {
      connectionLinesFor = timeout;
      connectionLines = timeout
        ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(timeout / 1000)}\r\n\r\n`
        : "Connection: keep-alive\r\n\r\n";
    }
    return connectionLines;
  };

  server.on("connection", (socket: Socket) => {
    let pending: Buffer | undefined;
    let headReads = 0;
    let hasAnswered = false;
    // As Node's server does: a connection between two answers is idle and is closed; one
    // with a request on its way (or none yet) is Node's to answer before it closes.
    held.set(socket, () => (hasAnswered && !pending ? socket.end() : handOver(pending)));
    socket.setTimeout(server.headersTimeout);

    const handOver = (bytes: Buffer | undefined) => {
      held.delete(socket);
      socket.removeListener("data", onData);
      socket.removeListener("end", onEnd);
      socket.removeListener("error", onError);
      socket.removeListener("timeout", onTimeout);
      socket.removeListener("drain", onDrain);
      socket.setTimeout(0);
      for (const listener of nodeListeners) listener.call(server, socket);
      if (socket.isPaused()) socket.resume();
      if (bytes && bytes.length > 0) socket.emit("data", bytes);
    };

    const answer = (buffer: Buffer) => {
      let start = 0;
      while (start < buffer.length) {
        if (socket.writableLength > MAX_QUEUED_BYTES) {
          socket.pause();
          break;
        }
        const end = buffer.indexOf(HEAD_END, start);
        if (end === -1) {
          if (buffer.length - start > headerLimit || headReads > MAX_HEAD_READS)
            return handOver(buffer.subarray(start));
          break;
        }
        const request =
          end - start <= headerLimit
            ? parseHitRequest(buffer.toString("latin1", start, end))
            : undefined;
        const entry = request && findHit(request.target, hits);
        if (!request || !entry) return handOver(buffer.subarray(start));
        const { variant } = answerOf(entry, request.ifNoneMatch, request.acceptEncoding);
        const block = variant ? variant.block : entry.notModified.block;
        socket.cork();
        socket.write(
          `${block}X-Request-Id: ${requestIdFrom(request.requestId)}\r\n${currentDateLine()}${endOfHead()}`,
          "latin1",
        );
        if (variant && request.method === "GET") socket.write(variant.body);
        socket.uncork();
        if (!hasAnswered) {
          hasAnswered = true;
          // A second more than announced, as Node allows, so a client reusing the connection
          // just before the announced end does not find it closed.
          socket.setTimeout(server.keepAliveTimeout && server.keepAliveTimeout + 1000);
        }
        start = end + HEAD_END.length;
        headReads = start < buffer.length ? 1 : 0;
      }
      pending = start < buffer.length ? buffer.subarray(start) : undefined;
    };

    function onData(chunk: Buffer) {
      headReads++;
      answer(pending ? Buffer.concat([pending, chunk]) : chunk);
    }
    function onDrain() {
      if (!socket.isPaused()) return;
      socket.resume();
      if (pending) answer(pending);
    }
    function onEnd() {
      socket.end();
    }
    function onError() {
      socket.destroy();
    }
    function onTimeout() {
      // A head still arriving is Node's to time out (a 408); an idle connection just closes.
      if (pending) handOver(pending);
      else socket.destroy();
    }
    socket.on("data", onData);
    socket.on("end", onEnd);
    socket.on("error", onError);
    socket.on("timeout", onTimeout);
    socket.on("drain", onDrain);
    socket.once("close", () => held.delete(socket));
  });

  return {
    closeIdle() {
      const release = [...held.values()];
      held.clear();
      for (const each of release) each();
    },
  };
}
