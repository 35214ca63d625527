import { Form } from "react-router";
import { StatusFilter } from "#app/components/admin/status-filter.tsx";

const statusLabels = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

/** The list's search: email or name, state and tag, sent as the page's query. */
export function SubscriberFilters({
  q,
  status,
  statuses,
  tag,
  tags,
}: {
  q: string;
  status: string;
  statuses: ReadonlyArray<keyof typeof statusLabels>;
  tag: string;
  tags: string[];
}) {
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <label htmlFor="q" className="field-label">
          Search email or name
        </label>
        <input id="q" name="q" type="search" defaultValue={q} className="field-input" />
      </div>
      <StatusFilter id="status" statuses={statuses} labels={statusLabels} value={status} />
      <div>
        <label htmlFor="tag" className="field-label">
          Tag
        </label>
        <select id="tag" name="tag" defaultValue={tag} className="field-input">
          <option value="">Any</option>
          {tags.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary px-5 py-2">
        Filter
      </button>
    </Form>
  );
}
