import { localeFrom } from "#server/business/locale.ts";
import { statementPeriod } from "#server/invoices/statement.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { downloadResponse, portalData } from "#server/portal/http.ts";
import { downloadPortalStatement } from "#server/portal/invoices.ts";
import { statementFormats } from "#shared/portal.ts";
import type { Route } from "./+types/statement";

/** The signed-in client's statement of account: ?from=YYYY-MM-DD&to=YYYY-MM-DD&format=pdf|csv. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const params = args.url.searchParams;
  const format = statementFormats.find((candidate) => candidate === params.get("format")) ?? "pdf";
  const { body, from, to } = await portalData(async () => {
    const period = statementPeriod(params);
    const { body } = await downloadPortalStatement({
      db: args.context.db,
      viewer,
      ...period,
      format,
      address: args.context.clientAddress,
      locale: localeFrom(args.request),
    });
    return { body, ...period };
  });
  return downloadResponse(new Uint8Array(body), {
    filename: `statement-${from}-to-${to}.${format}`,
    contentType: format === "pdf" ? "application/pdf" : "text/csv; charset=utf-8",
    size: body.length,
  });
}
