import { type PointerEvent, useEffect, useRef, useState } from "react";
import type { LinkablePage } from "#shared/site-pages.ts";
import { type EditLink, moveItem, newKey } from "./edit-state";
import { LinkRow } from "./link-row";

type LinkListEditorProps = {
  /** "Header menu", or the footer group's title: names the list in labels and announcements. */
  name: string;
  /** Prefix of this list's field errors ("header", "footer.0.links"). */
  errorPath: string;
  links: EditLink[];
  pages: LinkablePage[];
  errors: Record<string, string[] | undefined>;
  maxLinks: number;
  onChange: (links: EditLink[]) => void;
  /** Says a move out loud (the editor's aria-live region). */
  announce: (message: string) => void;
};

/**
 * An ordered list of links: add, rename, pick a page or an address, remove,
 * and reorder with the Move up / Move down buttons or by dragging the handle.
 */
export function LinkListEditor({
  name,
  errorPath,
  links,
  pages,
  errors,
  maxLinks,
  onChange,
  announce,
}: LinkListEditorProps) {
  // A drag with the handle: pointer events, so mouse, pen and touch all work.
  const [drag, setDrag] = useState<{ key: string; overKey: string } | null>(null);
  // After a keyboard move, focus follows the moved link's button.
  const pendingFocus = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!pendingFocus.current) return;
    const button = listRef.current?.querySelector<HTMLButtonElement>(
      `[data-focus-key="${pendingFocus.current}"]`,
    );
    pendingFocus.current = null;
    button?.focus();
  });

  const labelOf = (link: EditLink) => link.label.trim() || "Untitled link";

  /** The row under the pointer (rows above the first or below the last count as those). */
  function rowKeyAt(clientY: number) {
    const rows = [...(listRef.current?.querySelectorAll<HTMLElement>("li[data-row-key]") ?? [])];
    const row = rows.find((item) => clientY <= item.getBoundingClientRect().bottom) ?? rows.at(-1);
    return row?.dataset.rowKey ?? null;
  }

  const handlePropsFor = (key: string) => ({
    onPointerDown: (event: PointerEvent<HTMLSpanElement>) => {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDrag({ key, overKey: key });
    },
    onPointerMove: (event: PointerEvent<HTMLSpanElement>) => {
      if (drag?.key !== key) return;
      const overKey = rowKeyAt(event.clientY);
      if (overKey && overKey !== drag.overKey) setDrag({ key, overKey });
    },
    onPointerUp: (event: PointerEvent<HTMLSpanElement>) => {
      if (drag?.key !== key) return;
      const overKey = rowKeyAt(event.clientY) ?? drag.overKey;
      setDrag(null);
      const from = links.findIndex((item) => item.key === key);
      const to = links.findIndex((item) => item.key === overKey);
      if (from >= 0 && to >= 0) move(from, to, "drag");
    },
    onPointerCancel: () => setDrag(null),
  });

  function move(from: number, to: number, how: "keyboard" | "drag") {
    if (to < 0 || to >= links.length || from === to) return;
    const link = links[from];
    onChange(moveItem(links, from, to));
    if (how === "keyboard") {
      const direction = to < from ? "up" : "down";
      const atEdge = direction === "up" ? to === 0 : to === links.length - 1;
      pendingFocus.current = `${link.key}-${atEdge ? (direction === "up" ? "down" : "up") : direction}`;
    }
    announce(`“${labelOf(link)}” moved to position ${to + 1} of ${links.length} in ${name}.`);
  }

  function update(index: number, change: Partial<EditLink>) {
    onChange(links.map((link, at) => (at === index ? { ...link, ...change } : link)));
  }

  function remove(index: number) {
    const link = links[index];
    onChange(links.filter((_, at) => at !== index));
    announce(`“${labelOf(link)}” removed from ${name}.`);
  }

  function add() {
    const key = newKey();
    onChange([...links, { key, label: "", href: "" }]);
    pendingFocus.current = `${key}-label`;
  }

  const listError = errors[errorPath]?.[0];
  return (
    <div>
      <ol ref={listRef} className="flex flex-col gap-2" aria-label={`Links of ${name}`}>
        {links.map((link, index) => (
          <LinkRow
            key={link.key}
            link={link}
            position={index + 1}
            count={links.length}
            listName={name}
            pages={pages}
            labelError={errors[`${errorPath}.${index}.label`]?.[0]}
            hrefError={errors[`${errorPath}.${index}.href`]?.[0]}
            isDragged={drag?.key === link.key}
            isDropTarget={drag !== null && drag.overKey === link.key && drag.key !== link.key}
            onChange={(change) => update(index, change)}
            onMove={(to) => move(index, to, "keyboard")}
            onRemove={() => remove(index)}
            handleProps={handlePropsFor(link.key)}
          />
        ))}
      </ol>
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      <button
        type="button"
        className="btn-secondary mt-3 px-4 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-40"
        disabled={links.length >= maxLinks}
        onClick={add}
      >
        Add a link to {name}
      </button>
      {links.length >= maxLinks ? (
        <p className="mt-1 text-sm text-mist-400">
          {name} holds at most {maxLinks} links.
        </p>
      ) : null}
    </div>
  );
}
