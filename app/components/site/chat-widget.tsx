import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";

// The panel (and its socket code) loads only when a visitor opens the chat, or
// on later pages for a visitor who has a conversation going.
const ChatPanel = lazy(() => import("#app/components/site/chat/chat-panel.tsx"));

export const CHAT_OPEN_KEY = "frontier-chat-open";
export const CHAT_ACTIVE_KEY = "frontier-chat-active";

function readStorage(storage: "local" | "session", key: string) {
  try {
    return (storage === "local" ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(storage: "local" | "session", key: string, value: string | null) {
  try {
    const target = storage === "local" ? window.localStorage : window.sessionStorage;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // private mode: the chat still works, it just does not reopen by itself
  }
}

/** The "Chat with us" button on every public page and the panel it opens. */
export function ChatWidget() {
  const [isOpen, setOpen] = useState(false);
  const [isMounted, setMounted] = useState(false);
  const [shouldFocus, setShouldFocus] = useState(false);
  const [unread, setUnread] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (readStorage("session", CHAT_OPEN_KEY) === "1") {
      setMounted(true);
      setOpen(true);
    } else if (readStorage("local", CHAT_ACTIVE_KEY) === "1") {
      setMounted(true);
    }
  }, []);

  function open() {
    setMounted(true);
    setShouldFocus(true);
    setOpen(true);
    writeStorage("session", CHAT_OPEN_KEY, "1");
  }

  const close = useCallback(() => {
    setOpen(false);
    writeStorage("session", CHAT_OPEN_KEY, null);
    buttonRef.current?.focus();
  }, []);

  const label = isOpen
    ? "Close chat"
    : unread > 0
      ? `Chat with us, ${unread} new ${unread === 1 ? "reply" : "replies"}`
      : "Chat with us";
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isMounted ? "chat-panel" : undefined}
        aria-label={label}
        onClick={isOpen ? close : open}
        className="fixed right-4 bottom-4 z-40 inline-flex items-center gap-2 rounded-full bg-frontier-orange px-5 py-3 font-semibold text-ink-950 shadow-lg shadow-black/40 transition hover:bg-orange-400"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path
            d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span>{isOpen ? "Close chat" : "Chat"}</span>
        {unread > 0 && !isOpen && (
          <span
            aria-hidden="true"
            className="ml-1 inline-flex min-w-6 items-center justify-center rounded-full bg-ink-950 px-1.5 text-xs text-white"
          >
            {unread}
          </span>
        )}
      </button>
      {isMounted && (
        <Suspense
          fallback={
            isOpen ? (
              <div
                role="status"
                className="fixed right-4 bottom-20 z-40 rounded-2xl border border-white/10 bg-ink-900 px-5 py-4 text-mist-300 shadow-2xl"
              >
                Loading the chat…
              </div>
            ) : null
          }
        >
          <ChatPanel
            isOpen={isOpen}
            shouldFocus={shouldFocus}
            onClose={close}
            onUnreadChange={setUnread}
            onActive={() => writeStorage("local", CHAT_ACTIVE_KEY, "1")}
          />
        </Suspense>
      )}
    </>
  );
}
