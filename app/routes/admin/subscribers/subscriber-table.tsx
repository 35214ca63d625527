import type { Dispatch, SetStateAction } from "react";

export type SubscriberRow = {
  id: string;
  email: string;
  name: string | null;
  status: string;
  tags: string[];
  createdAt: Date | string;
};

const statusColours: Record<string, string> = {
  confirmed: "bg-emerald-500/15 text-emerald-300",
  pending: "bg-white/10 text-mist-300",
  unsubscribed: "bg-frontier-orange/15 text-orange-200",
  bounced: "bg-red-500/15 text-red-300",
};

/** One page of subscribers, each with a checkbox to select it for deletion. */
export function SubscriberTable({
  rows,
  selected,
  onSelectedChange,
}: {
  rows: SubscriberRow[];
  selected: string[];
  onSelectedChange: Dispatch<SetStateAction<string[]>>;
}) {
  if (rows.length === 0) return <p className="card text-mist-300">No subscribers match.</p>;
  return (
    <div className="overflow-x-auto rounded-2xl border border-white/10">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Subscribers</caption>
        <thead className="bg-ink-800/80 text-xs uppercase tracking-wider text-mist-400">
          <tr>
            <th scope="col" className="px-4 py-3">
              <input
                type="checkbox"
                aria-label="Select all on this page"
                checked={selected.length === rows.length}
                onChange={(event) =>
                  onSelectedChange(event.target.checked ? rows.map((row) => row.id) : [])
                }
              />
            </th>
            <th scope="col" className="px-4 py-3">
              Email
            </th>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              State
            </th>
            <th scope="col" className="px-4 py-3">
              Tags
            </th>
            <th scope="col" className="px-4 py-3">
              Since
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {rows.map((row) => (
            <tr key={row.id} className="bg-ink-900/40">
              <td className="px-4 py-3">
                <input
                  type="checkbox"
                  aria-label={`Select ${row.email}`}
                  checked={selected.includes(row.id)}
                  onChange={(event) =>
                    onSelectedChange((current) =>
                      event.target.checked
                        ? [...current, row.id]
                        : current.filter((id) => id !== row.id),
                    )
                  }
                />
              </td>
              <td className="px-4 py-3">{row.email}</td>
              <td className="px-4 py-3">{row.name ?? ""}</td>
              <td className="px-4 py-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs ${statusColours[row.status] ?? ""}`}
                >
                  {row.status}
                </span>
              </td>
              <td className="px-4 py-3">{row.tags.join(", ")}</td>
              <td className="px-4 py-3">{new Date(row.createdAt).toLocaleDateString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
