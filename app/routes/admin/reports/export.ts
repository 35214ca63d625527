import { requireRole } from "#server/auth/guard.ts";
import { reportPeriodFrom } from "#server/time/period.ts";
import { isAdmin, timeViewerOf } from "#server/time/records.ts";
import {
  getHoursReport,
  getProfitability,
  hoursCsv,
  profitabilityCsv,
} from "#server/time/reports.ts";
import { type ReportGrouping, reportGroupings } from "#shared/time.ts";
import type { Route } from "./+types/export";

/** A report as CSV: hours by person, project or client; profitability (admins). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "staff");
  const viewer = timeViewerOf(user, args.context.clientAddress);
  const { db } = args.context;
  const params = args.url.searchParams;
  const { period } = reportPeriodFrom(args.url);
  const report = params.get("report") ?? "hours";
  let csv: string;
  let name: string;
  if (report === "profitability") {
    if (!isAdmin(viewer)) throw new Response("Profitability is for admins only.", { status: 403 });
    const groupBy = params.get("by") === "client" ? "client" : "project";
    csv = profitabilityCsv(await getProfitability({ db, period, groupBy }), groupBy, period);
    name = `profitability-by-${groupBy}`;
  } else {
    const by = params.get("by") ?? "person";
    const groupBy: ReportGrouping = (reportGroupings as readonly string[]).includes(by)
      ? (by as ReportGrouping)
      : "person";
    csv = hoursCsv(await getHoursReport({ db, viewer, period, groupBy }), groupBy, period);
    name = `hours-by-${groupBy}`;
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${period.from}-${period.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
