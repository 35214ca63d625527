import { localeFrom } from "#server/business/locale.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { downloadResponse, portalData } from "#server/portal/http.ts";
import { downloadPortalProposal } from "#server/portal/proposals.ts";
import type { Route } from "./+types/proposal-pdf";

/** The proposal as a PDF; once accepted, with its acceptance record (audit trail) last. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const { proposal, pdf } = await portalData(() =>
    downloadPortalProposal({
      db: args.context.db,
      viewer,
      proposalId: args.params.id,
      address: args.context.clientAddress,
      locale: localeFrom(args.request),
    }),
  );
  const slug = proposal.title.replace(/[^\w-]+/g, "-").slice(0, 60) || "proposal";
  return downloadResponse(new Uint8Array(pdf), {
    filename: `${slug}${proposal.status === "accepted" ? "-signed" : ""}.pdf`,
    contentType: "application/pdf",
    size: pdf.length,
  });
}
