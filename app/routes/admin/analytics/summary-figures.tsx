import { formatCount } from "./labels";

type Totals = {
  views: number;
  visitors: number;
  previousViews: number;
  previousVisitors: number;
  viewsChange: number | null;
  visitorsChange: number | null;
};

function Change({
  change,
  previous,
  locale,
}: {
  change: number | null;
  previous: number;
  locale: string;
}) {
  if (change === null)
    return <span className="text-xs text-mist-400">Nothing in the previous period to compare</span>;
  const sign = change > 0 ? "+" : "";
  const tone = change > 0 ? "text-green-300" : change < 0 ? "text-red-300" : "text-mist-300";
  return (
    <span className="text-xs text-mist-400">
      <span className={`font-semibold ${tone}`}>
        {change > 0 ? "▲ " : change < 0 ? "▼ " : ""}
        {sign}
        {change}%
      </span>{" "}
      against {formatCount(previous, locale)} in the previous period
    </span>
  );
}

/** Visitors and views over the period, with the change from the period before. */
export function SummaryFigures({
  totals,
  locale,
  days,
}: {
  totals: Totals;
  locale: string;
  days: number;
}) {
  const figures = [
    {
      name: "visitors",
      label: "Visitors",
      value: totals.visitors,
      previous: totals.previousVisitors,
      change: totals.visitorsChange,
    },
    {
      name: "views",
      label: "Page views",
      value: totals.views,
      previous: totals.previousViews,
      change: totals.viewsChange,
    },
  ];
  return (
    <section aria-labelledby="analytics-summary" className="mb-8 grid gap-4 sm:grid-cols-2">
      <h2 id="analytics-summary" className="sr-only">
        Summary of the last {days} days
      </h2>
      {figures.map((figure) => (
        <div key={figure.name} className="card flex flex-col gap-1">
          <span className="text-sm text-mist-400">{figure.label}</span>
          <span
            className="font-display text-3xl font-bold text-white"
            data-figure={figure.name}
            data-value={figure.value}
          >
            {formatCount(figure.value, locale)}
          </span>
          <Change change={figure.change} previous={figure.previous} locale={locale} />
        </div>
      ))}
    </section>
  );
}
