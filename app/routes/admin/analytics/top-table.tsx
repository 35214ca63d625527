import { formatCount, valueLabel } from "./labels";
import { NumberCell } from "./number-cell";

type Row = { value: string; views: number; visitors: number };

/** One "top" list: a dimension's values by views, with their visitors. */
export function TopTable({
  title,
  dimension,
  rows,
  locale,
  valueHeader,
  viewsHeader = "Views",
}: {
  title: string;
  dimension: string;
  rows: Row[];
  locale: string;
  valueHeader: string;
  viewsHeader?: string;
}) {
  const max = Math.max(1, ...rows.map((row) => row.views));
  return (
    <section className="card min-w-0" aria-labelledby={`top-${dimension}`}>
      <h2 id={`top-${dimension}`} className="heading-md mb-4">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-mist-400">Nothing in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full table-fixed text-left text-sm" data-top={dimension}>
            <thead className="text-xs uppercase tracking-wider text-mist-400">
              <tr>
                <th scope="col" className="pb-2 font-semibold">
                  {valueHeader}
                </th>
                <th scope="col" className="w-16 pb-2 text-right font-semibold">
                  {viewsHeader}
                </th>
                <th scope="col" className="w-20 pb-2 pl-3 text-right font-semibold">
                  Visitors
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.value} className="border-t border-white/5">
                  <td className="relative py-2 pr-3">
                    <span
                      aria-hidden="true"
                      className="absolute inset-y-1 left-0 rounded bg-frontier-blue/15"
                      style={{ width: `${Math.round((row.views / max) * 100)}%` }}
                    />
                    <span className="relative block truncate text-mist-100" title={row.value}>
                      {valueLabel(dimension, row.value, locale)}
                    </span>
                  </td>
                  <NumberCell isFirst>{formatCount(row.views, locale)}</NumberCell>
                  <NumberCell className="text-mist-300">
                    {formatCount(row.visitors, locale)}
                  </NumberCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
