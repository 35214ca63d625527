import { Form, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { formatDateTime } from "#app/components/business/fields.tsx";
import { rankContentByLeads, rankContentByValue, titlesOf } from "#server/analytics/attribution.ts";
import { utcDay } from "#server/analytics/daily-salt.ts";
import { parsePeriod } from "#server/analytics/period.ts";
import { flushAnalyticsEvents } from "#server/analytics/recorder.ts";
import { getAnalyticsReport } from "#server/analytics/report.ts";
import { rollupAnalytics } from "#server/analytics/rollup.ts";
import { requireRole } from "#server/auth/guard.ts";
import { localeFrom } from "#server/business/locale.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/index";
import { ContentRanking } from "./content-ranking";
import { DailyChart } from "./daily-chart";
import { PeriodPicker } from "./period-picker";
import { SummaryFigures } from "./summary-figures";
import { TopTable } from "./top-table";

export const meta = () => [{ title: "Analytics | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const { period, error } = parsePeriod(args.url, utcDay(new Date()));
  const [report, byLeads, byValue] = await Promise.all([
    getAnalyticsReport({ db, period }),
    rankContentByLeads({ db, range: period }),
    rankContentByValue({ db, range: period }),
  ]);
  const titles = await titlesOf({
    db,
    paths: [...byLeads.map((row) => row.path), ...byValue.map((row) => row.path)],
  });
  return { period, error, report, byLeads, byValue, titles, locale: localeFrom(args.request) };
}

/** "Refresh now": this instance's buffered views are written and every day with raw events rolled up. */
export async function action(args: Route.ActionArgs) {
  await requireRole(args, "admin");
  const form = await readForm(args.request);
  try {
    if (form.get("intent") !== "refresh") throw new AppError("INVALID", "Unknown action.");
    await flushAnalyticsEvents();
    await rollupAnalytics({ db: args.context.db });
    const { url } = args;
    return redirectWithToast(`/admin/analytics${url.search}`, { message: "Figures refreshed." });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function AnalyticsScreen({ loaderData }: Route.ComponentProps) {
  const { period, error, report, byLeads, byValue, titles, locale } = loaderData;
  const isRefreshing = useNavigation().state === "submitting";
  const top = report.top;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Analytics"
        description={
          <>
            Visits counted by our own server, without cookies. {period.from} to {period.to} (UTC),
            against the {period.days} days before.
          </>
        }
        actions={
          <Form method="post" className="flex flex-col items-end gap-1">
            <button
              type="submit"
              name="intent"
              value="refresh"
              className="btn-secondary px-4 py-2 text-sm"
              disabled={isRefreshing}
            >
              {isRefreshing ? "Refreshing..." : "Refresh now"}
            </button>
            <span className="text-xs text-mist-400">
              {report.updatedAt
                ? `Figures as of ${formatDateTime(report.updatedAt, locale)}; updated every 5 minutes.`
                : "No figures yet; they are updated every 5 minutes."}
            </span>
          </Form>
        }
      />
      <PeriodPicker period={period} error={error} />
      <SummaryFigures totals={report.totals} locale={locale} days={period.days} />
      <DailyChart days={report.days} locale={locale} />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <TopTable
          title="Top pages"
          dimension="page"
          valueHeader="Page"
          rows={top.page}
          locale={locale}
        />
        <TopTable
          title="Referrers"
          dimension="referrer"
          valueHeader="Site"
          rows={top.referrer}
          locale={locale}
        />
        <TopTable
          title="Campaigns"
          dimension="utm_campaign"
          valueHeader="utm_campaign"
          rows={top.utm_campaign}
          locale={locale}
        />
        <TopTable
          title="Campaign sources"
          dimension="utm_source"
          valueHeader="utm_source"
          rows={top.utm_source}
          locale={locale}
        />
        <TopTable
          title="Campaign media"
          dimension="utm_medium"
          valueHeader="utm_medium"
          rows={top.utm_medium}
          locale={locale}
        />
        <TopTable
          title="Devices"
          dimension="device"
          valueHeader="Device"
          rows={top.device}
          locale={locale}
        />
        <TopTable
          title="Countries"
          dimension="country"
          valueHeader="Country"
          rows={top.country}
          locale={locale}
        />
      </div>
      <h2 className="heading-lg mb-4 mt-12">Attribution</h2>
      <ContentRanking byLeads={byLeads} byValue={byValue} titles={titles} locale={locale} />
    </main>
  );
}
