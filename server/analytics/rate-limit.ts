/**
 * A token bucket per client address, in this process's memory: beacons are too frequent
 * and too cheap to count in the database, and a limit per instance is enough to stop one
 * machine flooding the tables. The least recently seen addresses are forgotten first.
 */
export function createAddressLimiter({
  capacity,
  refillPerSecond,
  maxAddresses = 50_000,
  now = Date.now,
}: {
  capacity: number;
  refillPerSecond: number;
  maxAddresses?: number;
  now?: () => number;
}) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes one token: `retryAfterSeconds` when there is none left. */
    take(address: string): { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number } {
      const at = now();
      const bucket = buckets.get(address) ?? { tokens: capacity, at };
      bucket.tokens = Math.min(
        capacity,
        bucket.tokens + ((at - bucket.at) / 1000) * refillPerSecond,
      );
      bucket.at = at;
      buckets.delete(address);
      buckets.set(address, bucket);
      while (buckets.size > maxAddresses) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens < 1)
        return {
          isAllowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond)),
        };
      bucket.tokens -= 1;
      return { isAllowed: true };
    },
  };
}
