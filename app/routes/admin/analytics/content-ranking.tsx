import { formatMoney } from "#shared/money.ts";
import { formatCount } from "./labels";
import { NumberCell } from "./number-cell";

type LeadRow = { path: string; leads: number; subscribers: number; chats: number };
type ValueRow = { path: string; currency: string; amount: number; proposals: number };

function PageName({ path, titles }: { path: string; titles: Record<string, string> }) {
  const title = titles[path];
  return (
    <span className="block min-w-0">
      <span className="block truncate text-mist-100">{title ?? path}</span>
      {title ? <span className="block truncate text-xs text-mist-400">{path}</span> : null}
    </span>
  );
}

const headCell = "pb-2 text-right font-semibold";

/** Content by the leads that had seen it, and by the accepted proposal value it preceded. */
export function ContentRanking({
  byLeads,
  byValue,
  titles,
  locale,
}: {
  byLeads: LeadRow[];
  byValue: ValueRow[];
  titles: Record<string, string>;
  locale: string;
}) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <section className="card min-w-0" aria-labelledby="ranking-leads">
        <h2 id="ranking-leads" className="heading-md">
          Content that brought leads
        </h2>
        <p className="mb-4 mt-1 text-sm text-mist-400">
          Pages seen before a contact form, a chat or a newsletter sign-up in this period.
        </p>
        {byLeads.length === 0 ? (
          <p className="text-sm text-mist-400">No contact carried its pages in this period.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full table-fixed text-left text-sm" data-ranking="leads">
              <thead className="text-xs uppercase tracking-wider text-mist-400">
                <tr>
                  <th scope="col" className="pb-2 font-semibold">
                    Page
                  </th>
                  <th scope="col" className={`${headCell} w-14`}>
                    Leads
                  </th>
                  <th scope="col" className={`${headCell} w-16 pl-3`}>
                    Chats
                  </th>
                  <th scope="col" className={`${headCell} w-20 pl-3`}>
                    Sign-ups
                  </th>
                </tr>
              </thead>
              <tbody>
                {byLeads.map((row) => (
                  <tr key={row.path} className="border-t border-white/5">
                    <td className="py-2 pr-3">
                      <PageName path={row.path} titles={titles} />
                    </td>
                    <NumberCell isFirst>{formatCount(row.leads, locale)}</NumberCell>
                    <NumberCell>{formatCount(row.chats, locale)}</NumberCell>
                    <NumberCell>{formatCount(row.subscribers, locale)}</NumberCell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card min-w-0" aria-labelledby="ranking-value">
        <h2 id="ranking-value" className="heading-md">
          Content before accepted proposals
        </h2>
        <p className="mb-4 mt-1 text-sm text-mist-400">
          One-off totals of proposals accepted in this period by clients whose first contact had
          seen the page.
        </p>
        {byValue.length === 0 ? (
          <p className="text-sm text-mist-400">No accepted proposal traces back to a page yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full table-fixed text-left text-sm" data-ranking="value">
              <thead className="text-xs uppercase tracking-wider text-mist-400">
                <tr>
                  <th scope="col" className="pb-2 font-semibold">
                    Page
                  </th>
                  <th scope="col" className={`${headCell} w-36`}>
                    Accepted value
                  </th>
                  <th scope="col" className={`${headCell} w-24 pl-3`}>
                    Proposals
                  </th>
                </tr>
              </thead>
              <tbody>
                {byValue.map((row) => (
                  <tr key={`${row.path}-${row.currency}`} className="border-t border-white/5">
                    <td className="py-2 pr-3">
                      <PageName path={row.path} titles={titles} />
                    </td>
                    <NumberCell isFirst className="whitespace-nowrap">
                      {formatMoney(row.amount, row.currency, locale)}
                    </NumberCell>
                    <NumberCell>{formatCount(row.proposals, locale)}</NumberCell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
