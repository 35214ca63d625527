/**
 * How many chat sockets one visitor (cookie), one staff member and one client address may
 * hold open on one instance (decision 605). A slot is taken before the socket opens and
 * given back when it closes or is refused.
 */
export type ConnectionLimits = { perVisitor: number; perStaff: number; perAddress: number };

export const CONNECTION_LIMITS: ConnectionLimits = { perVisitor: 10, perStaff: 20, perAddress: 50 };

/** Close reasons (at most 123 bytes): what the person can do about it. */
export const TOO_MANY_FOR_VISITOR = "Chat is open in too many windows. Close one and try again.";
export const TOO_MANY_FOR_ADDRESS = "Too many chat connections from your network. Try again later.";

export type Slot = { release(): void };

export function createConnectionCounter() {
  const counts = new Map<string, number>();
  return {
    /** A slot under `key` while fewer than `limit` are taken; otherwise undefined. */
    take(key: string, limit: number): Slot | undefined {
      const count = counts.get(key) ?? 0;
      if (count >= limit) return undefined;
      counts.set(key, count + 1);
      let isReleased = false;
      return {
        release() {
          if (isReleased) return;
          isReleased = true;
          const left = (counts.get(key) ?? 1) - 1;
          if (left > 0) counts.set(key, left);
          else counts.delete(key);
        },
      };
    },
    count(key: string) {
      return counts.get(key) ?? 0;
    },
  };
}

export type Owner =
  | { kind: "visitor"; visitorId: string }
  | { kind: "staff"; staff: { id: string } };

/**
 * A socket's slots: one under its address and one under its owner. Either both are taken
 * (`release` gives them back) or neither, with the close reason to give.
 */
export function takeConnectionSlots(
  counter: ReturnType<typeof createConnectionCounter>,
  { address, owner, limits }: { address: string; owner: Owner; limits: ConnectionLimits },
): { release: () => void } | { refused: string } {
  const addressSlot = counter.take(`address:${address}`, limits.perAddress);
  const ownerSlot =
    owner.kind === "staff"
      ? counter.take(`staff:${owner.staff.id}`, limits.perStaff)
      : counter.take(`visitor:${owner.visitorId}`, limits.perVisitor);
  if (addressSlot && ownerSlot)
    return {
      release() {
        addressSlot.release();
        ownerSlot.release();
      },
    };
  addressSlot?.release();
  ownerSlot?.release();
  return { refused: addressSlot ? TOO_MANY_FOR_VISITOR : TOO_MANY_FOR_ADDRESS };
}
