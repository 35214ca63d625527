/** The controls every list inside a block shares: move an item, remove it, keep focus. */

export function move<T>(list: T[], from: number, to: number) {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Up, down and remove buttons for one item of a list inside a block. */
export function ItemControls({
  noun,
  index,
  count,
  onMove,
  onRemove,
}: {
  noun: string;
  index: number;
  count: number;
  onMove: (to: number, button: HTMLButtonElement) => void;
  onRemove: () => void;
}) {
  const name = `${noun} ${index + 1}`;
  return (
    <span className="flex flex-wrap gap-2 text-xs">
      <button
        type="button"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={index === 0}
        aria-label={`Move ${name} up`}
        onClick={(event) => onMove(index - 1, event.currentTarget)}
      >
        Up
      </button>
      <button
        type="button"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={index === count - 1}
        aria-label={`Move ${name} down`}
        onClick={(event) => onMove(index + 1, event.currentTarget)}
      >
        Down
      </button>
      <button
        type="button"
        className="btn-secondary px-2 py-1 text-xs"
        aria-label={`Remove ${name}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </span>
  );
}

/**
 * After a move the list re-renders in its new order: the pressed button's label now names
 * the item's new place, so focus goes to the button with that label (keyboard users keep
 * moving the same item).
 */
export function refocus(button: HTMLButtonElement, label: string) {
  const scope = button.closest("[data-list]");
  requestAnimationFrame(() => {
    const next = scope?.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
    if (next && !next.disabled) next.focus();
    else
      scope
        ?.querySelector<HTMLButtonElement>(
          `button[aria-label="${label.replace(/ (up|down)$/, (word) => (word === " up" ? " down" : " up"))}"]`,
        )
        ?.focus();
  });
}
