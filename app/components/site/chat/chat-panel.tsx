import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ChatPanelHeader } from "./chat-panel-header";
import { DetailsForm } from "./details-form";
import { MessageForm } from "./message-form";
import { MessageLog } from "./message-log";
import { OfflineForm } from "./offline-form";
import { useChatSession } from "./use-chat-session";

export default function ChatPanel({
  isOpen,
  shouldFocus,
  onClose,
  onUnreadChange,
  onActive,
}: {
  isOpen: boolean;
  shouldFocus: boolean;
  onClose: () => void;
  onUnreadChange: (count: number) => void;
  onActive: () => void;
}) {
  const titleId = useId();
  const session = useChatSession({ isOpen, onUnreadChange, onActive });
  const { conversation, staffOnline } = session;
  const [view, setView] = useState<"chat" | "details">("chat");
  const [notice, setNotice] = useState<string>();
  const panelRef = useRef<HTMLElement>(null);

  // Focus moves into the panel once it knows which form to show (chat, or email while offline).
  const isKnown = staffOnline !== null;
  useEffect(() => {
    if (!isOpen || !shouldFocus || !isKnown) return;
    const field = panelRef.current?.querySelector<HTMLElement>("form textarea, form input");
    (field ?? panelRef.current)?.focus();
  }, [isOpen, shouldFocus, isKnown]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  }

  const isOffline = staffOnline === false;
  const hasEmail = Boolean(conversation?.visitorEmail);

  return (
    <section
      id="chat-panel"
      ref={panelRef}
      tabIndex={-1}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!isOpen}
      onKeyDown={onKeyDown}
      className="fixed right-4 bottom-20 z-40 flex h-[min(36rem,calc(100vh-7rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900 shadow-2xl shadow-black/60"
    >
      <ChatPanelHeader titleId={titleId} staffOnline={staffOnline} onClose={onClose} />

      {view === "details" ? (
        <DetailsForm
          conversation={conversation}
          onDone={(updated) => {
            if (updated) {
              session.receive({ conversation: updated });
              setNotice("Thanks, we have your details.");
            }
            setView("chat");
          }}
        />
      ) : (
        <>
          <MessageLog messages={session.messages} pending={session.pending} />

          {notice && (
            <p
              role="status"
              className="mx-5 mb-2 rounded-lg bg-emerald-500/15 px-3 py-2 text-sm text-emerald-200"
            >
              {notice}
            </p>
          )}
          {session.status !== "open" && session.isReady && (
            <p role="status" className="mx-5 mb-2 text-xs text-mist-400">
              Reconnecting… your messages still send.
            </p>
          )}

          {isOffline && !hasEmail ? (
            <OfflineForm
              onTaken={(answer) => {
                session.receive(answer);
                onActive();
                // The form below says where the reply goes: the notice need not say it again.
                setNotice("Thanks! Your message is with the team.");
              }}
            />
          ) : (
            <MessageForm
              draft={session.draft}
              onDraftChange={session.setDraft}
              error={session.error}
              onSend={session.send}
              isOffline={isOffline}
              visitorEmail={conversation?.visitorEmail}
              onEditDetails={() => {
                setNotice(undefined);
                setView("details");
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
