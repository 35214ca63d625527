import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isBlockedAddress } from "./address-policy";

/** An address the server refuses to fetch for staff: the message says why, in plain words. */
export class UnsafeAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafeAddressError";
  }
}

/** The address could not be fetched (unreachable, too slow, too big, too many redirects). */
export class FetchFailedError extends Error {
  readonly reason: "unreachable" | "timeout" | "too-large" | "redirects";
  /** The short cause (ECONNREFUSED, ENOTFOUND...), for messages that say it their own way. */
  readonly detail: string;
  constructor(reason: FetchFailedError["reason"], message: string, detail = message) {
    super(message);
    this.name = "FetchFailedError";
    this.reason = reason;
    this.detail = detail;
  }
}

export type LookupAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export type SafeFetchOptions = {
  method?: "GET" | "HEAD" | "POST";
  headers?: Record<string, string>;
  /** Sent with POST (webhooks); a redirect is then not followed with it (maxRedirects: 0). */
  body?: string | Buffer;
  /** For everything, redirects included. */
  timeoutMs?: number;
  /** The most body bytes read; more is a FetchFailedError("too-large"). */
  maxBytes?: number;
  maxRedirects?: number;
  /** Off: a redirect is answered as it is (status and Location), not followed. */
  followRedirects?: boolean;
  /**
   * Origins (`http://127.0.0.1:8080`) that may be reached although their addresses are private:
   * tests' local servers (PRIVATE_FETCH_ORIGINS). Every other hop is still checked.
   */
  allowedOrigins?: readonly string[];
  /** Off only for an address the operator configured (YOUTUBE_FEED_URL), never for staff input. */
  isGuarded?: boolean;
  /** DNS resolution (all addresses); tests hand in their own. */
  lookup?: LookupAll;
};

export type SafeResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The address that answered, after redirects. */
  url: string;
  body: Buffer;
};

const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The one address to connect to for this URL, checked unless the hop is allowed. */
async function resolveTarget(url: URL, options: SafeFetchOptions) {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UnsafeAddressError("Only http:// and https:// addresses can be fetched.");
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const isChecked =
    options.isGuarded !== false && !(options.allowedOrigins ?? []).includes(url.origin);
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await (options.lookup ?? defaultLookup)(hostname);
    } catch (error) {
      const code = (error as { code?: string }).code ?? "DNS error";
      throw new FetchFailedError("unreachable", `${hostname} could not be found (${code}).`, code);
    }
    if (addresses.length === 0)
      throw new FetchFailedError("unreachable", `${hostname} could not be found.`);
  }
  // Every address the name has must be public: a resolver may pick any of them.
  const blocked = isChecked
    ? addresses.find(({ address }) => isBlockedAddress(address))
    : undefined;
  if (blocked)
    throw new UnsafeAddressError(
      `${url.host} is on a private or local network (${blocked.address}); only public addresses can be used.`,
    );
  return { hostname, ...addresses[0] };
}

type Hop = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request, connected to the address that was checked (no second DNS answer can swap it). */
function request(
  url: URL,
  target: { address: string; family: number },
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<Hop> {
  const client = url.protocol === "https:" ? https : http;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: options.method ?? "GET",
        headers: { "User-Agent": "Frontier", ...options.headers },
        agent: false,
        signal,
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all)
            (
              callback as (
                error: null,
                addresses: Array<{ address: string; family: number }>,
              ) => void
            )(null, [{ address: target.address, family: target.family }]);
          else callback(null, target.address, target.family);
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            incoming.destroy();
            reject(
              new FetchFailedError("too-large", `The answer is larger than ${maxBytes} bytes.`),
            );
            return;
          }
          chunks.push(chunk);
        });
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/**
 * Fetches an address a staff member typed, without letting it reach inside our network:
 * http and https only; every address of the host (and of every redirect, followed here one
 * hop at a time) must be public; the connection goes to the address that was checked; the
 * whole exchange has a deadline and the body a size limit.
 */
export async function safeFetch(address: string, options: SafeFetchOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new UnsafeAddressError("That is not a complete web address.");
  }
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0; ; hop++) {
    const target = await resolveTarget(url, options).catch((error: unknown) => {
      if (hop > 0 && error instanceof UnsafeAddressError)
        throw new UnsafeAddressError(`The address redirects elsewhere: ${error.message}`);
      throw error;
    });
    let answer: Hop;
    try {
      answer = await request(url, target, options, signal);
    } catch (error) {
      if (error instanceof FetchFailedError) throw error;
      if (signal.aborted)
        throw new FetchFailedError(
          "timeout",
          `No answer within ${Math.round(timeoutMs / 1000)} seconds.`,
        );
      const code = (error as { code?: string }).code ?? (error as Error).message;
      throw new FetchFailedError("unreachable", `Could not reach ${url.host} (${code}).`, code);
    }
    const location = answer.headers.location;
    const isRedirect = answer.status >= 300 && answer.status < 400 && location;
    if (isRedirect && options.followRedirects !== false) {
      if (hop >= maxRedirects)
        throw new FetchFailedError("redirects", `More than ${maxRedirects} redirects.`);
      try {
        url = new URL(location, url);
      } catch {
        throw new FetchFailedError("unreachable", "The address redirects to an invalid address.");
      }
      continue;
    }
    return { ...answer, url: url.toString() } satisfies SafeResponse;
  }
}
