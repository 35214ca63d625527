import { Form, Link } from "react-router";

type OverrideRow = { path: string; title: string | null; isNoindex: boolean };

/** The saved overrides, each with links to edit or remove it. */
export function OverrideList({ overrides }: { overrides: OverrideRow[] }) {
  return (
    <ul className="divide-y divide-white/5 text-sm">
      {overrides.map((row) => (
        <li key={row.path} className="flex flex-wrap items-center justify-between gap-3 py-2">
          <span>
            <strong>{row.path}</strong>
            <span className="text-mist-400">
              {row.title ? ` · “${row.title}”` : ""}
              {row.isNoindex ? " · noindex" : ""}
            </span>
          </span>
          <span className="flex gap-3">
            <Link
              to={`?path=${encodeURIComponent(row.path)}#overrides`}
              className="text-frontier-blue underline"
            >
              Edit<span className="sr-only"> {row.path}</span>
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="delete-override" />
              <input type="hidden" name="path" value={row.path} />
              <button type="submit" className="text-frontier-blue underline">
                Remove<span className="sr-only"> the override of {row.path}</span>
              </button>
            </Form>
          </span>
        </li>
      ))}
    </ul>
  );
}
