import { isIPv4, isIPv6 } from "node:net";

/** [first address as a number, prefix length] of IPv4 ranges that are not the public internet. */
const IPV4_BLOCKED: Array<[string, number]> = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private (RFC 1918)
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private (RFC 1918)
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private (RFC 1918)
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

function ipv4Number(address: string) {
  return address.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

const ipv4Ranges = IPV4_BLOCKED.map(([first, prefix]) => {
  const size = 2 ** (32 - prefix);
  const start = ipv4Number(first);
  return { start, end: start + size - 1 };
});

function isBlockedIPv4(address: string) {
  const value = ipv4Number(address);
  return ipv4Ranges.some((range) => value >= range.start && value <= range.end);
}

/** The 16 bytes of an IPv6 address (zone id dropped; a dotted IPv4 tail allowed). */
function ipv6Bytes(address: string): number[] | undefined {
  let text = address.split("%")[0].toLowerCase();
  const tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    if (!isIPv4(dotted[1])) return undefined;
    tail.push(...dotted[1].split(".").map(Number));
    text = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (half: string) => (half ? half.split(":") : []);
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const all = [...head, ...Array<string>(missing).fill("0"), ...rest];
  const bytes = all.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 && bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : undefined;
}

function isBlockedIPv6(address: string) {
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  const embeddedV4 = (from: number) => bytes.slice(from, from + 4).join(".");
  const startsWith = (prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  const zeros = (count: number) => bytes.slice(0, count).every((byte) => byte === 0);
  // ::ffff:a.b.c.d (IPv4-mapped), ::a.b.c.d (IPv4-compatible), ::, ::1
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return isBlockedIPv4(embeddedV4(12));
  if (zeros(12)) return true;
  // 64:ff9b::a.b.c.d (NAT64) and 2002:AABB:CCDD:: (6to4) reach the IPv4 address inside.
  if (startsWith([0x00, 0x64, 0xff, 0x9b])) return isBlockedIPv4(embeddedV4(12));
  if (startsWith([0x20, 0x02])) return isBlockedIPv4(embeddedV4(2));
  if ((bytes[0] & 0xfe) === 0xfc) return true; // fc00::/7 unique local
  if (bytes[0] === 0xfe && (bytes[1] & 0xc0) === 0x80) return true; // fe80::/10 link-local
  if (bytes[0] === 0xfe && (bytes[1] & 0xc0) === 0xc0) return true; // fec0::/10 site-local
  if (bytes[0] === 0xff) return true; // multicast
  if (startsWith([0x20, 0x01, 0x0d, 0xb8])) return true; // documentation
  if (startsWith([0x01, 0x00, 0, 0, 0, 0, 0, 0])) return true; // discard-only
  if (startsWith([0x20, 0x01, 0x00, 0x00])) return true; // Teredo: the client hides inside
  return false;
}

/**
 * Whether the server must not connect to this IP address on a staff member's behalf:
 * loopback, private (RFC 1918), link-local (cloud metadata), carrier-grade NAT, unique-local,
 * multicast, unspecified, documentation ranges, and IPv6 forms that carry such an IPv4 address.
 * Anything that is not an IP address at all counts as blocked.
 */
export function isBlockedAddress(address: string) {
  if (isIPv4(address)) return isBlockedIPv4(address);
  if (isIPv6(address)) return isBlockedIPv6(address);
  return true;
}
