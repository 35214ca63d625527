import { requireRole } from "#server/auth/guard.ts";
import { invariantResponse } from "#server/errors.ts";
import { requireIdParam } from "#server/ids.ts";
import { renderInvoicePdf } from "#server/invoices/pdf.ts";
import { getInvoice } from "#server/invoices/queries.ts";
import type { Route } from "./+types/pdf";

/** The invoice's PDF, for staff to download. */
export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const invoice = await getInvoice({ db: args.context.db, id: args.params.id });
  invariantResponse(invoice, "Not Found", { status: 404 });
  const pdf = await renderInvoicePdf(invoice);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
