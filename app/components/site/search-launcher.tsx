import { type ComponentType, type MouseEvent, useCallback, useEffect, useState } from "react";

type DialogProps = { onClose: () => void };

// The dialog's code comes on first use (or when the pointer or focus reaches the button):
// no page pays for it at first load.
let dialogModule: Promise<ComponentType<DialogProps>> | undefined;
const loadDialog = () => {
  dialogModule ??= import("./search-dialog").then((module) => module.SearchDialog);
  dialogModule.catch(() => {
    dialogModule = undefined;
  });
  return dialogModule;
};

/** Typing in a field, or a menu that takes keys of its own: "/" is a character there. */
function isTypingTarget(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']") !==
      null
  );
}

/**
 * The header's search: a link to /search (which works without JavaScript) that opens the
 * search dialog instead once the page is running, as do "/" and Ctrl-K (⌘K) anywhere but
 * in a field.
 */
export function SearchLauncher() {
  const [isOpen, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<DialogProps> | null>(null);

  const open = useCallback(() => {
    setOpen(true);
    loadDialog().then(
      (component) => setDialog(() => component),
      () => {
        // Offline or a new deploy: the page itself still searches.
        window.location.assign("/search");
      },
    );
  }, []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || isTypingTarget(event.target)) return;
      const isSlash = event.key === "/" && !event.ctrlKey && !event.metaKey;
      const isCommandK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k";
      if (!isSlash && !isCommandK) return;
      event.preventDefault();
      open();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window gets the page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    open();
  }

  return (
    <>
      <a
        href="/search"
        onClick={onClick}
        onPointerEnter={() => void loadDialog().catch(() => {})}
        onFocus={() => void loadDialog().catch(() => {})}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K"
        className="inline-flex items-center gap-2 rounded-full border border-white/10 px-3 py-2 text-sm text-mist-300 transition hover:border-white/30 hover:text-white"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <span className="sr-only xl:not-sr-only">Search</span>
        <span aria-hidden="true" className="hidden xl:inline">
          <kbd className="rounded border border-white/15 px-1.5 font-sans text-xs text-mist-400">
            /
          </kbd>
        </span>
      </a>
      {isOpen && Dialog ? <Dialog onClose={close} /> : null}
    </>
  );
}
