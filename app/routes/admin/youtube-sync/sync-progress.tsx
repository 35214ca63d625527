import { when } from "./when";

export type SyncRun = {
  status: string;
  trigger: string;
  channelsTotal: number;
  channelsDone: number;
  added: number;
  updated: number;
  finishedAt: Date | string | null;
  results: Array<{ channelId: string; status: string; error?: string }>;
};

/** The latest run: a progress bar while it runs, then its outcome and the channels that failed. */
export function SyncProgress({
  latest,
  isRunning,
}: {
  latest: SyncRun | undefined;
  isRunning: boolean;
}) {
  const percent =
    latest && latest.channelsTotal > 0
      ? Math.round((latest.channelsDone / latest.channelsTotal) * 100)
      : 0;
  return (
    <section aria-labelledby="progress-heading" className="card mb-8">
      <h2 id="progress-heading" className="heading-md">
        {isRunning ? "Sync in progress" : "Last sync"}
      </h2>
      {latest ? (
        <div className="mt-4 space-y-3" aria-live="polite">
          <div
            role="progressbar"
            aria-label="Sync progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={isRunning ? percent : 100}
            className="h-2 overflow-hidden rounded-full bg-white/10"
          >
            <div
              className={`h-full transition-all ${latest.status === "failed" ? "bg-red-500" : "bg-frontier-orange"}`}
              style={{ width: `${isRunning ? percent : 100}%` }}
            />
          </div>
          <p className="text-sm text-mist-300">
            {isRunning
              ? `Channel ${Math.min(latest.channelsDone + 1, Math.max(latest.channelsTotal, 1))} of ${latest.channelsTotal || "…"}: ${latest.added} added, ${latest.updated} updated so far.`
              : `${latest.status === "failed" ? "Failed" : "Finished"} ${when(latest.finishedAt)} (${latest.trigger === "schedule" ? "scheduled" : "by hand"}): ${latest.added} added, ${latest.updated} updated.`}
          </p>
          {latest.results.some((item) => item.status === "failed") ? (
            <ul className="space-y-2">
              {latest.results
                .filter((item) => item.status === "failed")
                .map((item) => (
                  <li
                    key={item.channelId}
                    role="alert"
                    className="rounded-lg border border-red-400/40 bg-red-500/10 px-4 py-2 text-sm text-red-200"
                  >
                    <span className="font-mono">{item.channelId}</span>: {item.error}
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-mist-300">No sync has run yet.</p>
      )}
    </section>
  );
}
