import { requireRole } from "#server/auth/guard.ts";
import { invariantResponse } from "#server/errors.ts";
import { requireIdParam } from "#server/ids.ts";
import { renderProposalPdf } from "#server/proposals/pdf.ts";
import { getProposal } from "#server/proposals/queries.ts";
import type { Route } from "./+types/pdf";

/** The proposal's PDF, for staff to download. */
export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const proposal = await getProposal({ db: args.context.db, id: args.params.id });
  invariantResponse(proposal, "Not Found", { status: 404 });
  const pdf = await renderProposalPdf(proposal);
  const name =
    proposal.title
      .replace(/[^\w-]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "proposal";
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="proposal-${name}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
