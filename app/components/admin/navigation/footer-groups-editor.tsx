import { NAVIGATION_LIMITS } from "#shared/navigation-form.ts";
import type { LinkablePage } from "#shared/site-pages.ts";
import { type EditGroup, moveItem, newKey } from "./edit-state";
import { LinkListEditor } from "./link-list-editor";

type FooterGroupsEditorProps = {
  groups: EditGroup[];
  pages: LinkablePage[];
  errors: Record<string, string[] | undefined>;
  onChange: (groups: EditGroup[]) => void;
  announce: (message: string) => void;
};

/** The footer's link groups ("Company", "Explore"): rename, reorder, add and remove them. */
export function FooterGroupsEditor({
  groups,
  pages,
  errors,
  onChange,
  announce,
}: FooterGroupsEditorProps) {
  const update = (index: number, change: Partial<EditGroup>) =>
    onChange(groups.map((group, at) => (at === index ? { ...group, ...change } : group)));
  const titleOf = (group: EditGroup, index: number) => group.title.trim() || `group ${index + 1}`;

  function move(from: number, to: number) {
    onChange(moveItem(groups, from, to));
    announce(
      `Footer group “${titleOf(groups[from], from)}” moved to position ${to + 1} of ${groups.length}.`,
    );
  }

  return (
    <div className="space-y-5">
      {groups.map((group, index) => {
        const name = titleOf(group, index);
        const titleError = errors[`footer.${index}.title`]?.[0];
        return (
          <fieldset key={group.key} className="rounded-xl border border-white/10 p-4">
            <legend className="px-2 font-display font-semibold text-white">
              Footer group {index + 1}
            </legend>
            <div className="mb-4 flex flex-wrap items-end gap-3">
              <div className="min-w-48 flex-1">
                <label htmlFor={`${group.key}-title`} className="field-label">
                  Group title
                </label>
                <input
                  id={`${group.key}-title`}
                  className="field-input"
                  value={group.title}
                  maxLength={60}
                  aria-invalid={titleError ? true : undefined}
                  onChange={(event) => update(index, { title: event.target.value })}
                />
                {titleError ? <p className="field-error">{titleError}</p> : null}
              </div>
              <button
                type="button"
                className="btn-secondary px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-40"
                aria-label={`Move group “${name}” earlier`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                ← Earlier
              </button>
              <button
                type="button"
                className="btn-secondary px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-40"
                aria-label={`Move group “${name}” later`}
                disabled={index === groups.length - 1}
                onClick={() => move(index, index + 1)}
              >
                Later →
              </button>
              <button
                type="button"
                className="btn-secondary px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-40"
                aria-label={`Remove group “${name}”`}
                disabled={groups.length === 1}
                onClick={() => {
                  onChange(groups.filter((_, at) => at !== index));
                  announce(`Footer group “${name}” removed.`);
                }}
              >
                Remove group
              </button>
            </div>
            <LinkListEditor
              name={`the “${name}” group`}
              errorPath={`footer.${index}.links`}
              links={group.links}
              pages={pages}
              errors={errors}
              maxLinks={NAVIGATION_LIMITS.groupLinks}
              onChange={(links) => update(index, { links })}
              announce={announce}
            />
          </fieldset>
        );
      })}
      {errors.footer?.[0] ? <p className="field-error">{errors.footer[0]}</p> : null}
      <button
        type="button"
        className="btn-secondary px-4 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-40"
        disabled={groups.length >= NAVIGATION_LIMITS.footerGroups}
        onClick={() => onChange([...groups, { key: newKey(), title: "", links: [] }])}
      >
        Add a footer group
      </button>
    </div>
  );
}
