export function ChatPanelHeader({
  titleId,
  staffOnline,
  onClose,
}: {
  titleId: string;
  staffOnline: boolean | null;
  onClose: () => void;
}) {
  return (
    <header className="flex items-start justify-between gap-3 border-b border-white/10 px-5 py-4">
      <div>
        <h2 id={titleId} className="font-display text-lg font-semibold text-white">
          Chat with Frontier
        </h2>
        <p className="mt-0.5 flex items-center gap-2 text-sm text-mist-300">
          <span
            aria-hidden="true"
            className={`inline-block h-2 w-2 rounded-full ${staffOnline ? "bg-emerald-400" : "bg-mist-400"}`}
          />
          {staffOnline === null
            ? "Connecting…"
            : staffOnline
              ? "We're online and usually reply within minutes."
              : "We're offline right now."}
        </p>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close chat"
        className="rounded-full p-1.5 text-mist-300 transition hover:bg-white/10 hover:text-white"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </header>
  );
}
