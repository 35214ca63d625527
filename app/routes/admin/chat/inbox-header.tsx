import { Link } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import type { ChatSocketStatus } from "#app/lib/chat-socket.ts";

export function InboxHeader({
  unread,
  status,
  isSoundOn,
  onToggleSound,
  isAdmin,
}: {
  unread: number;
  status: ChatSocketStatus;
  isSoundOn: boolean;
  onToggleSound: () => void;
  isAdmin: boolean;
}) {
  if (!isAdmin)
    return (
      <PageHeader
        title="Client messages"
        description={
          <>
            {unread > 0 ? (
              <span className="mr-2 inline-flex items-center rounded-full bg-frontier-orange px-2 py-0.5 text-sm font-semibold text-ink-950">
                {unread} unread
              </span>
            ) : null}
            Clients write about their projects in the portal; answer them here. The list refreshes
            every 15 seconds.
          </>
        }
      />
    );
  return (
    <PageHeader
      title="Live Chat"
      description={
        <>
          {unread > 0 ? (
            <span className="mr-2 inline-flex items-center rounded-full bg-frontier-orange px-2 py-0.5 text-sm font-semibold text-ink-950">
              {unread} unread
            </span>
          ) : null}
          Visitors see the team as online while this screen is open. Clients' project messages are
          under Clients.
        </>
      }
      actions={
        <>
          <ConnectionStatus status={status} />
          <button
            type="button"
            aria-pressed={isSoundOn}
            onClick={onToggleSound}
            className="btn-secondary px-4 py-2 text-sm"
          >
            Sound {isSoundOn ? "on" : "off"}
          </button>
        </>
      }
    />
  );
}

/** Online, reconnecting, or why live updates stopped (they do not retry then). */
function ConnectionStatus({ status }: { status: ChatSocketStatus }) {
  const isEnded = status === "signed-out" || status === "no-access";
  return (
    <span role="status" className="flex items-center gap-2 text-sm text-mist-300">
      <span
        aria-hidden="true"
        className={`h-2.5 w-2.5 rounded-full ${
          status === "open" ? "bg-emerald-400" : isEnded ? "bg-red-400" : "bg-mist-400"
        }`}
      />
      {status === "open" ? (
        "You are online"
      ) : status === "signed-out" ? (
        <>
          You are signed out, so new messages no longer arrive.{" "}
          <Link
            to="/login?redirectTo=/admin/chat"
            className="font-semibold text-frontier-orange underline"
          >
            Sign in again
          </Link>
        </>
      ) : status === "no-access" ? (
        "Your account no longer has access to live chat."
      ) : (
        "Connecting…"
      )}
    </span>
  );
}
