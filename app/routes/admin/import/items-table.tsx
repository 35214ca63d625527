import { Link } from "react-router";
import { actionText, outcomeText } from "./labels";

export type ImportItemRow = {
  position: number;
  itemKind: string;
  origin: string;
  label: string;
  action: string;
  reason: string;
  outcome: string | null;
  outcomeNote: string | null;
  targetHref: string | null;
};

const tone: Record<string, string> = {
  create: "text-emerald-300",
  update: "text-sky-300",
  skip: "text-mist-400",
  later: "text-amber-300",
  created: "text-emerald-300",
  updated: "text-sky-300",
  skipped: "text-mist-400",
  missing: "text-amber-300",
  failed: "text-red-300",
};

/** The preview's rows, then what became of each: one line per item of the file. */
export function ImportItemsTable({ items }: { items: ImportItemRow[] }) {
  if (!items.length) return <p className="mt-4 text-mist-300">No rows to show.</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items of the file</caption>
        <thead className="text-xs uppercase tracking-wide text-mist-400">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Where
            </th>
            <th scope="col" className="py-2 pr-3">
              Item
            </th>
            <th scope="col" className="py-2 pr-3">
              What happens
            </th>
            <th scope="col" className="py-2">
              Why
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {items.map((item) => {
            const state = item.outcome ?? item.action;
            const word = item.outcome ? outcomeText[item.outcome] : actionText[item.action];
            const note = item.outcome ? item.outcomeNote || item.reason : item.reason;
            return (
              <tr key={item.position} data-kind={item.itemKind} data-state={state}>
                <td className="py-2 pr-3 align-top text-mist-400 whitespace-nowrap">
                  {item.origin}
                </td>
                <td className="py-2 pr-3 align-top">
                  <span className="block text-xs text-mist-400">{item.itemKind}</span>
                  {item.targetHref?.startsWith("/admin/") ? (
                    <Link
                      to={item.targetHref}
                      className="text-frontier-blue hover:underline break-words"
                    >
                      {item.label}
                    </Link>
                  ) : (
                    <span className="break-words text-white">{item.label}</span>
                  )}
                </td>
                <td className={`py-2 pr-3 align-top font-medium ${tone[state] ?? ""}`}>
                  {word ?? state}
                </td>
                <td className="py-2 align-top text-mist-300 break-words">{note}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
