import { PageHeader } from "#app/components/admin/page-header.tsx";

export function InboxHeader({
  unread,
  isConnected,
  isSoundOn,
  onToggleSound,
}: {
  unread: number;
  isConnected: boolean;
  isSoundOn: boolean;
  onToggleSound: () => void;
}) {
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
          Visitors see the team as online while this screen is open.
        </>
      }
      actions={
        <>
          <span role="status" className="flex items-center gap-2 text-sm text-mist-300">
            <span
              aria-hidden="true"
              className={`h-2.5 w-2.5 rounded-full ${isConnected ? "bg-emerald-400" : "bg-mist-400"}`}
            />
            {isConnected ? "You are online" : "Connecting…"}
          </span>
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
