import { useId, useState } from "react";

export type RelatedChoice = { id: string; title: string; status?: string };

/** Staff pick the items shown as related; the order picked is the order shown. */
export function RelatedContent({
  label = "Related content",
  name = "relatedIds",
  choices,
  defaultSelected = [],
  max = 6,
}: {
  label?: string;
  name?: string;
  choices: RelatedChoice[];
  defaultSelected?: string[];
  max?: number;
}) {
  const id = useId();
  const [selected, setSelected] = useState(
    defaultSelected.filter((item) => choices.some((choice) => choice.id === item)),
  );
  const [filter, setFilter] = useState("");
  const byId = new Map(choices.map((choice) => [choice.id, choice]));
  const visible = choices.filter(
    (choice) =>
      !selected.includes(choice.id) &&
      choice.title.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <fieldset className="rounded-lg border border-white/10 p-4">
      <legend className="field-label px-1">{label}</legend>
      {selected.map((item) => (
        <input key={item} type="hidden" name={name} value={item} />
      ))}
      <ol className="mb-3 space-y-2">
        {selected.length === 0 ? (
          <li className="text-sm text-mist-400">
            None picked: the newest items with shared tags are shown.
          </li>
        ) : null}
        {selected.map((item, index) => (
          <li
            key={item}
            className="flex items-center justify-between gap-2 rounded bg-ink-800/60 px-3 py-2 text-sm"
          >
            <span>
              {index + 1}. {byId.get(item)?.title ?? "Deleted item"}
            </span>
            <button
              type="button"
              className="text-mist-300 underline hover:text-white"
              onClick={() => setSelected((current) => current.filter((other) => other !== item))}
            >
              Remove<span className="sr-only"> {byId.get(item)?.title}</span>
            </button>
          </li>
        ))}
      </ol>
      <label htmlFor={`${id}-filter`} className="field-label">
        Find an item to add
      </label>
      <input
        id={`${id}-filter`}
        className="field-input"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ul className="mt-2 max-h-48 overflow-y-auto">
        {visible.slice(0, 30).map((choice) => (
          <li key={choice.id}>
            <button
              type="button"
              disabled={selected.length >= max}
              className="w-full rounded px-2 py-1 text-left text-sm text-mist-200 hover:bg-white/5 disabled:opacity-50"
              onClick={() => setSelected((current) => [...current, choice.id])}
            >
              Add “{choice.title}”
              {choice.status && choice.status !== "published" ? ` (${choice.status})` : ""}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
