import { createHash } from "node:crypto";
import type { ProposalSnapshot } from "#server/db/schema/proposals.ts";
import { proposalTotals } from "#shared/business/proposal-form.ts";
import type { FullProposal } from "./queries";

export function snapshotOf(proposal: FullProposal): ProposalSnapshot {
  const totals = proposalTotals(proposal);
  return {
    title: proposal.title,
    clientCompany: proposal.client.company,
    currency: proposal.currency,
    sections: {
      scope: proposal.scope,
      approach: proposal.approach,
      timeline: proposal.timeline,
      terms: proposal.terms,
    },
    items: proposal.items.map(
      ({ description, quantity, unitAmount, taxRateBp, kind, interval }) => ({
        description,
        quantity,
        unitAmount,
        taxRateBp,
        kind,
        interval,
      }),
    ),
    discountKind: proposal.discountKind,
    discountValue: proposal.discountValue,
    depositPercent: proposal.depositPercent,
    validUntil: proposal.validUntil,
    totals: {
      subtotal: totals.oneOff.subtotal,
      discount: totals.oneOff.discount,
      tax: totals.oneOff.tax,
      total: totals.oneOff.total,
      deposit: totals.deposit,
    },
  };
}

/** JSON with object keys sorted at every level: the same snapshot always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(",")}}`;
  return JSON.stringify(value);
}

/**
 * The SHA-256 (hex) of what was accepted, kept with the acceptance and printed on the
 * signed PDF's audit trail: anyone can recompute it from the snapshot to show it is unchanged.
 */
export function snapshotSha256(snapshot: ProposalSnapshot) {
  return createHash("sha256").update(canonicalJson(snapshot)).digest("hex");
}
