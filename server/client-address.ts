import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

/**
 * Which proxies in front of the app may say who the client is (TRUST_PROXY, decision 210):
 * none; the last `hops` proxies, whatever their addresses; or the proxies whose addresses
 * are in a list.
 */
export type TrustProxy =
  | { mode: "none" }
  | { mode: "hops"; hops: number }
  | { mode: "addresses"; ranges: BlockList; text: string };

export const MAX_PROXY_HOPS = 10;

/** Express's names for the usual ranges, so the same words work here. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

export const TRUST_PROXY_HELP = `must be false, true (one proxy), a number of proxies (1-${MAX_PROXY_HOPS}) or a comma-separated list of the proxies' addresses or CIDRs (e.g. 10.0.0.0/8, ::1)`;

/**
 * Parses TRUST_PROXY. Throws an Error whose message says what is wrong (env.ts puts the
 * variable's name in front of it).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim().toLowerCase();
  if (["", "0", "false", "no"].includes(text)) return { mode: "none" };
  if (["true", "yes"].includes(text)) return { mode: "hops", hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_PROXY_HOPS) throw new Error(`${TRUST_PROXY_HELP}; ${hops} is too many`);
    return { mode: "hops", hops };
  }
  const ranges = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    const named = NAMED_RANGES[entry];
    const cidrs = named ?? [entry];
    for (const cidr of cidrs) {
      if (!addRange(ranges, cidr))
        throw new Error(`${TRUST_PROXY_HELP}; "${entry || "(empty)"}" is none of these`);
    }
  }
  return { mode: "addresses", ranges, text };
}

function addRange(ranges: BlockList, cidr: string) {
  const [rawAddress, prefixText, extra] = cidr.split("/");
  if (extra !== undefined) return false;
  const address = normalizeAddress(rawAddress);
  if (!address) return false;
  const family = isIP(address) === 4 ? "ipv4" : "ipv6";
  if (prefixText === undefined) {
    ranges.addAddress(address, family);
    return true;
  }
  if (!/^\d{1,3}$/.test(prefixText)) return false;
  const prefix = Number(prefixText);
  if (prefix > (family === "ipv4" ? 32 : 128)) return false;
  ranges.addSubnet(address, prefix, family);
  return true;
}

/**
 * One address in a canonical form, or undefined when the text is not an IP address:
 * brackets, ports and IPv6 zones are dropped, IPv4-mapped IPv6 becomes plain IPv4 (so a
 * client has one key in every limit, whichever socket family it came in on).
 */
export function normalizeAddress(text: string): string | undefined {
  let address = text.trim().toLowerCase();
  const bracketed = address.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/%[\w.-]+$/, "");
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return undefined;
  return mappedIpv4(address) ?? address;
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:a.b.c.d`, `::ffff:hhhh:hhhh`). */
function mappedIpv4(address: string) {
  const match = address.match(
    /^([\da-f:]*):ffff:(?:(\d+\.\d+\.\d+\.\d+)|([\da-f]{1,4}):([\da-f]{1,4}))$/,
  );
  if (!match) return undefined;
  if (!match[1].split(":").every((group) => /^0*$/.test(group))) return undefined;
  if (match[2]) return match[2];
  const high = Number.parseInt(match[3], 16);
  const low = Number.parseInt(match[4], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The eight 16-bit groups of an IPv6 address (`::` filled in, an IPv4 tail as two groups). */
function ipv6Groups(address: string) {
  let text = address;
  const ipv4Tail = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number);
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The key a client address is counted under in a limit per address: an IPv4 address as it
 * is, an IPv6 address by its /64 network (`2001:db8:1:2::/64`). One subscriber line or
 * server gets a whole /64 and can use a new address in it for every request; counting them
 * one by one would give a single machine 2^64 allowances.
 */
export function limitKeyOf(address: string) {
  const normalized = normalizeAddress(address);
  if (!normalized || isIP(normalized) !== 6) return normalized ?? address;
  const network = ipv6Groups(normalized)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");
  return `${network}::/64`;
}

/** Whether the address at this hop (0 = the socket's peer) is a proxy we trust. */
export function isTrustedProxy(trust: TrustProxy | undefined, address: string, hop: number) {
  if (!trust || trust.mode === "none") return false;
  if (trust.mode === "hops") return hop < trust.hops;
  const normalized = normalizeAddress(address);
  if (!normalized) return false;
  return trust.ranges.check(normalized, isIP(normalized) === 4 ? "ipv4" : "ipv6");
}

type AddressSource = Pick<IncomingMessage, "headers"> & {
  socket: { remoteAddress?: string | undefined };
};

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy, the
 * X-Forwarded-For entry it appended, walking right to left past every trusted proxy. The
 * left part of the header is whatever the client wrote and is never believed. An entry that
 * is not an IP address stops the walk at the last address a trusted proxy vouched for.
 */
export function resolveClientAddress(request: AddressSource, trust: TrustProxy | undefined) {
  let address = normalizeAddress(request.socket.remoteAddress ?? "") ?? "unknown";
  if (!trust || trust.mode === "none") return address;
  const header = request.headers["x-forwarded-for"];
  const entries = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim());
  if (entries.length === 1 && entries[0] === "") entries.pop();
  for (let hop = 0; isTrustedProxy(trust, address, hop); hop++) {
    const entry = entries.pop();
    if (entry === undefined) break;
    const next = normalizeAddress(entry);
    if (!next) break;
    address = next;
  }
  return address;
}

/** Express's `trust proxy` setting for the same rule (protocol and host headers follow it). */
export function expressTrustProxy(trust: TrustProxy | undefined) {
  return (address: string, hop: number) => isTrustedProxy(trust, address, hop);
}
