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
