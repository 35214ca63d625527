import { asc, count, eq, max, min, sql, sum } from "drizzle-orm";
import { isPublicId } from "#server/business/public-id.ts";
import type { Db } from "#server/db/client.ts";
import { proposalSectionTimes, proposalVisits } from "#server/db/schema/analytics.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { type EngagementSection, engagementSections } from "#shared/analytics.ts";

/** A page-load key from the proposal page: random, 16 to 64 base64url characters. */
export function isVisitKey(value: unknown): value is string {
  return typeof value === "string" && /^[\w-]{16,64}$/.test(value);
}

/** Time on screen reported for one section of one visit, at most this (6 hours). */
const MAX_SECTION_MS = 6 * 60 * 60 * 1000;
/** What a report may add beyond the visit's own length (clocks, the first report's delay). */
const SLACK_MS = 30_000;

/**
 * The client's page reports a visit and how long each section has been on screen so far
 * (totals, so a report repeated or received out of order changes nothing: the larger
 * figure stays). A section cannot have been read longer than the visit has lasted.
 * False when the link is not a sent proposal's.
 */
export async function recordProposalView({
  db,
  publicId,
  visitKey,
  sections,
  now = new Date(),
}: {
  db: Db;
  publicId: string;
  visitKey: string;
  sections: Partial<Record<EngagementSection, number>>;
  now?: Date;
}) {
  if (!isPublicId(publicId) || !isVisitKey(visitKey)) return false;
  const [proposal] = await db
    .select({ id: proposals.id, status: proposals.status })
    .from(proposals)
    .where(eq(proposals.publicId, publicId));
  if (!proposal || proposal.status === "draft") return false;
  await db.transaction(async (tx) => {
    const [visit] = await tx
      .insert(proposalVisits)
      .values({ proposalId: proposal.id, visitKey, startedAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: [proposalVisits.proposalId, proposalVisits.visitKey],
        set: { lastSeenAt: sql`greatest(${proposalVisits.lastSeenAt}, excluded.last_seen_at)` },
      })
      .returning({ id: proposalVisits.id, startedAt: proposalVisits.startedAt });
    const longest = Math.min(MAX_SECTION_MS, now.getTime() - visit.startedAt.getTime() + SLACK_MS);
    const rows = engagementSections
      .filter((section) => Number.isInteger(sections[section]) && (sections[section] ?? 0) > 0)
      .map((section) => ({
        visitId: visit.id,
        section,
        milliseconds: Math.min(sections[section] ?? 0, longest),
      }));
    if (rows.length === 0) return;
    await tx
      .insert(proposalSectionTimes)
      .values(rows)
      .onConflictDoUpdate({
        target: [proposalSectionTimes.visitId, proposalSectionTimes.section],
        set: {
          milliseconds: sql`greatest(${proposalSectionTimes.milliseconds}, excluded.milliseconds)`,
        },
      });
  });
  return true;
}

export type ProposalEngagement = {
  visits: number;
  firstViewedAt: Date | null;
  lastViewedAt: Date | null;
  /** Every section in page order, with its seconds on screen over all visits. */
  sections: Array<{ section: EngagementSection; seconds: number }>;
};

/** How the client has read a proposal: visits, first and last, seconds per section. */
export async function getProposalEngagement({
  db,
  proposalId,
}: {
  db: Db;
  proposalId: string;
}): Promise<ProposalEngagement> {
  const [[visits], times] = await Promise.all([
    db
      .select({
        visits: count(),
        firstViewedAt: min(proposalVisits.startedAt),
        lastViewedAt: max(proposalVisits.lastSeenAt),
      })
      .from(proposalVisits)
      .where(eq(proposalVisits.proposalId, proposalId)),
    db
      .select({
        section: proposalSectionTimes.section,
        milliseconds: sum(proposalSectionTimes.milliseconds).mapWith(Number),
      })
      .from(proposalSectionTimes)
      .innerJoin(proposalVisits, eq(proposalVisits.id, proposalSectionTimes.visitId))
      .where(eq(proposalVisits.proposalId, proposalId))
      .groupBy(proposalSectionTimes.section)
      .orderBy(asc(proposalSectionTimes.section)),
  ]);
  const bySection = new Map(times.map((row) => [row.section, row.milliseconds]));
  return {
    visits: visits?.visits ?? 0,
    firstViewedAt: visits?.firstViewedAt ?? null,
    lastViewedAt: visits?.lastViewedAt ?? null,
    sections: engagementSections.map((section) => ({
      section,
      seconds: Math.round((bySection.get(section) ?? 0) / 1000),
    })),
  };
}
