import type { HTMLAttributes } from "react";
import type { LinkablePage } from "#shared/site-pages.ts";
import type { EditLink } from "./edit-state";

const OTHER = "other";

type LinkRowProps = {
  link: EditLink;
  position: number;
  count: number;
  listName: string;
  pages: LinkablePage[];
  labelError?: string;
  hrefError?: string;
  isDragged: boolean;
  isDropTarget: boolean;
  onChange: (change: Partial<EditLink>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** Pointer handlers of the drag handle (LinkListEditor tracks the drag). */
  handleProps: HTMLAttributes<HTMLSpanElement>;
};

/** One link: its text, the page or address it leads to, and its move and remove buttons. */
export function LinkRow({
  link,
  position,
  count,
  listName,
  pages,
  labelError,
  hrefError,
  isDragged,
  isDropTarget,
  onChange,
  onMove,
  onRemove,
  handleProps,
}: LinkRowProps) {
  const id = link.key;
  const name = link.label.trim() || `link ${position}`;
  const page = pages.find((item) => item.path === link.href);
  // A new link starts with the page list; an address that is no listed page shows as typed.
  const isOther = link.href !== "" && !page;
  const groups = [...new Set(pages.map((item) => item.group))];

  function pickPage(value: string) {
    if (value === OTHER) {
      onChange({ href: link.href.startsWith("https://") ? link.href : "https://" });
      return;
    }
    const picked = pages.find((item) => item.path === value);
    onChange({
      href: value,
      // A new link takes the page's name; a named one keeps its own.
      ...(picked && !link.label.trim() ? { label: picked.label } : {}),
    });
  }

  return (
    <li
      data-link-row={link.label}
      data-row-key={link.key}
      className={`grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-3 rounded-lg border p-3 transition ${
        isDropTarget ? "border-frontier-blue bg-frontier-blue/10" : "border-white/10 bg-ink-900/60"
      } ${isDragged ? "opacity-50" : ""}`}
    >
      {/* The drag handle is for pointers; keyboards use the Move buttons. */}
      <span
        {...handleProps}
        data-drag-handle
        title="Drag to reorder"
        className="mt-7 cursor-grab touch-none select-none rounded px-1 text-lg leading-none text-mist-400 hover:text-white active:cursor-grabbing"
      >
        <span aria-hidden="true">⠿</span>
        <span className="sr-only">Drag “{name}” to reorder (or use Move up and Move down)</span>
      </span>
      <div className="grid min-w-0 gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-label`} className="field-label">
            Link text
          </label>
          <input
            id={`${id}-label`}
            data-focus-key={`${id}-label`}
            className="field-input"
            value={link.label}
            maxLength={60}
            aria-invalid={labelError ? true : undefined}
            aria-describedby={labelError ? `${id}-label-error` : undefined}
            onChange={(event) => onChange({ label: event.target.value })}
          />
          {labelError ? (
            <p id={`${id}-label-error`} className="field-error">
              {labelError}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-page`} className="field-label">
            Leads to
          </label>
          <select
            id={`${id}-page`}
            className="field-input"
            value={isOther ? OTHER : link.href}
            aria-invalid={hrefError && !isOther ? true : undefined}
            aria-describedby={hrefError && !isOther ? `${id}-href-error` : undefined}
            onChange={(event) => pickPage(event.target.value)}
          >
            <option value="">Choose a page…</option>
            {groups.map((group) => (
              <optgroup key={group} label={group}>
                {pages
                  .filter((item) => item.group === group)
                  .map((item) => (
                    <option key={item.path} value={item.path}>
                      {item.label} ({item.path})
                    </option>
                  ))}
              </optgroup>
            ))}
            <option value={OTHER}>Another address (https://…)</option>
          </select>
          {isOther ? (
            <>
              <label htmlFor={`${id}-href`} className="field-label mt-2">
                Address
              </label>
              <input
                id={`${id}-href`}
                className="field-input"
                inputMode="url"
                value={link.href}
                placeholder="https://example.com/page"
                aria-invalid={hrefError ? true : undefined}
                aria-describedby={`${id}-href-help${hrefError ? ` ${id}-href-error` : ""}`}
                onChange={(event) => onChange({ href: event.target.value })}
              />
              <p id={`${id}-href-help`} className="mt-1 text-xs text-mist-400">
                Other sites open in a new tab. Only https:// addresses are accepted.
              </p>
            </>
          ) : null}
          {hrefError ? (
            <p id={`${id}-href-error`} className="field-error">
              {hrefError}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-1 sm:flex-row">
        <RowButton
          focusKey={`${id}-up`}
          label={`Move “${name}” up`}
          disabled={position === 1}
          onClick={() => onMove(position - 2)}
        >
          ↑
        </RowButton>
        <RowButton
          focusKey={`${id}-down`}
          label={`Move “${name}” down`}
          disabled={position === count}
          onClick={() => onMove(position)}
        >
          ↓
        </RowButton>
        <RowButton
          focusKey={`${id}-remove`}
          label={`Remove “${name}” from ${listName}`}
          onClick={onRemove}
        >
          ✕
        </RowButton>
      </div>
    </li>
  );
}

function RowButton({
  focusKey,
  label,
  disabled,
  onClick,
  children,
}: {
  focusKey: string;
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      data-focus-key={focusKey}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="h-9 w-9 rounded-lg border border-white/15 text-mist-300 transition hover:border-white/40 hover:text-white disabled:cursor-not-allowed disabled:opacity-30"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
