import { when } from "./when";

type RecentRun = {
  id: string;
  startedAt: Date | string;
  trigger: string;
  status: string;
  added: number;
  updated: number;
};

/** The last few runs, newest first. */
export function RecentRuns({ runs }: { runs: RecentRun[] }) {
  return (
    <>
      <h3 className="mt-8 font-semibold text-white">Recent runs</h3>
      <ul className="mt-2 space-y-2 text-sm text-mist-300">
        {runs.length === 0 ? <li>None yet.</li> : null}
        {runs.map((run) => (
          <li key={run.id}>
            {when(run.startedAt)} · {run.trigger === "schedule" ? "scheduled" : "by hand"} ·{" "}
            <span className={run.status === "failed" ? "text-red-300" : undefined}>
              {run.status}
            </span>{" "}
            · +{run.added} / ~{run.updated}
          </li>
        ))}
      </ul>
    </>
  );
}
