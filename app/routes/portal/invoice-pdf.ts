import { localeFrom } from "#server/business/locale.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { downloadResponse, portalData } from "#server/portal/http.ts";
import { downloadPortalInvoice } from "#server/portal/invoices.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const { invoice, pdf } = await portalData(() =>
    downloadPortalInvoice({
      db: args.context.db,
      viewer,
      invoiceId: args.params.id,
      address: args.context.clientAddress,
      locale: localeFrom(args.request),
    }),
  );
  return downloadResponse(new Uint8Array(pdf), {
    filename: `${invoice.number}.pdf`,
    contentType: "application/pdf",
    size: pdf.length,
  });
}
