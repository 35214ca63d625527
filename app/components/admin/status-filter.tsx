type StatusFilterProps<Status extends string> = {
  /** Unique on the page, so the "Status" label names this select. */
  id: string;
  /** The choices in the order shown, after "All". */
  statuses: readonly Status[];
  labels: Record<Status, string>;
  /** The status the list shows now, or "" for all of them. */
  value: string;
};

/** The "Status" select of a list's search form; it is sent as ?status= with the search. */
export function StatusFilter<Status extends string>({
  id,
  statuses,
  labels,
  value,
}: StatusFilterProps<Status>) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Status
      </label>
      <select id={id} name="status" defaultValue={value} className="field-input">
        <option value="">All</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
