import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { FormError } from "#app/components/business/fields.tsx";
import { ProjectOptions } from "./time-tabs";

type Timer = {
  projectId: string;
  projectName: string;
  milestoneTitle: string | null;
  note: string;
  isBillable: boolean;
  startedAt: string | Date;
} | null;

type Project = {
  id: string;
  name: string;
  clientName: string;
  milestones: Array<{ id: string; title: string }>;
};

function elapsedText(startedAt: string | Date, now: number) {
  const seconds = Math.max(0, Math.floor((now - new Date(startedAt).getTime()) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The timer that runs on the server: the same on every device and tab, stopped from any of them. */
export function TimerPanel({ timer, projects }: { timer: Timer; projects: Project[] }) {
  const fetcher = useFetcher<{ ok: false; error: string }>();
  const location = useLocation();
  const [now, setNow] = useState(() => Date.now());
  const [projectId, setProjectId] = useState(projects[0]?.id ?? "");
  useEffect(() => {
    if (!timer) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [timer]);
  const returnTo = location.pathname + location.search;
  const milestones = projects.find((project) => project.id === projectId)?.milestones ?? [];
  const isBusy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="timer-heading" className="card mb-8" data-testid="timer">
      <h2 id="timer-heading" className="heading-md">
        Timer
      </h2>
      {timer ? (
        <fetcher.Form
          method="post"
          action="/admin/time/timer"
          className="mt-3 flex flex-wrap items-center gap-4"
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          <p className="text-sm text-mist-300" data-testid="timer-running">
            Running on <span className="font-semibold text-white">{timer.projectName}</span>
            {timer.milestoneTitle ? ` · ${timer.milestoneTitle}` : ""}
            {timer.note ? ` · ${timer.note}` : ""}
            {timer.isBillable ? "" : " · not billable"}
          </p>
          <span
            className="font-mono text-2xl text-white tabular-nums"
            role="timer"
            aria-label="Time on the timer"
          >
            {elapsedText(timer.startedAt, now)}
          </span>
          <button
            type="submit"
            name="intent"
            value="stop"
            className="btn-primary px-5 py-2"
            disabled={isBusy}
          >
            Stop and log
          </button>
          <button
            type="submit"
            name="intent"
            value="discard"
            className="btn-secondary px-4 py-2 text-sm"
            disabled={isBusy}
          >
            Discard
          </button>
        </fetcher.Form>
      ) : projects.length ? (
        <fetcher.Form
          method="post"
          action="/admin/time/timer"
          className="mt-3 grid gap-3 sm:grid-cols-[2fr_1.5fr_2fr_auto_auto] sm:items-end"
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          <div>
            <label htmlFor="timer-project" className="field-label text-xs">
              Project
            </label>
            <select
              id="timer-project"
              name="projectId"
              className="field-input py-1.5 text-sm"
              value={projectId}
              onChange={(event) => setProjectId(event.target.value)}
            >
              <ProjectOptions projects={projects} />
            </select>
          </div>
          <div>
            <label htmlFor="timer-milestone" className="field-label text-xs">
              Milestone
            </label>
            <select
              id="timer-milestone"
              name="milestoneId"
              className="field-input py-1.5 text-sm"
              key={projectId}
            >
              <option value="">None</option>
              {milestones.map((milestone) => (
                <option key={milestone.id} value={milestone.id}>
                  {milestone.title}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="timer-note" className="field-label text-xs">
              Note
            </label>
            <input
              id="timer-note"
              name="note"
              maxLength={2000}
              className="field-input py-1.5 text-sm"
            />
          </div>
          <label className="flex items-center gap-2 pb-2 text-sm text-mist-300">
            <input type="checkbox" name="isBillable" defaultChecked /> Billable
          </label>
          <button
            type="submit"
            name="intent"
            value="start"
            className="btn-primary px-5 py-2"
            disabled={isBusy}
          >
            Start timer
          </button>
        </fetcher.Form>
      ) : (
        <p className="mt-2 text-sm text-mist-400">There is no open project to log time on.</p>
      )}
      <div className="mt-3">
        <FormError
          error={fetcher.data && fetcher.data.ok === false ? fetcher.data.error : undefined}
        />
      </div>
    </section>
  );
}
