import { renderMarkdown } from "#server/content/markdown.ts";
import type { FullProposal } from "./queries";

/**
 * What a client's page shows of a proposal (the mailed link and the portal alike):
 * the sections rendered from Markdown and sanitised, the items, the state, and the
 * version the accept form carries. Nothing staff-only.
 */
export function clientViewOf(proposal: FullProposal) {
  const sections = (["scope", "approach", "timeline", "terms"] as const)
    .filter((key) => proposal[key].trim())
    .map((key) => ({ key, html: renderMarkdown(proposal[key]) }));
  return {
    proposal: {
      title: proposal.title,
      company: proposal.client.company,
      status: proposal.status,
      currency: proposal.currency,
      validUntil: proposal.validUntil,
      firstViewedAt: proposal.firstViewedAt,
      acceptedAt: proposal.acceptedAt,
      acceptedName: proposal.acceptedName,
      declinedAt: proposal.declinedAt,
      depositPercent: proposal.depositPercent,
      version: proposal.updatedAt.toISOString(),
      items: proposal.items.map(
        ({ id, description, quantity, unitAmount, taxRateBp, kind, interval }) => ({
          id,
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
    },
    sections,
  };
}
