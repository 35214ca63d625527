import { useFetcher } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";

export type MilestoneRow = {
  id: string;
  title: string;
  dueDate: string | null;
  isDone: boolean;
  doneAt: Date | string | null;
};

type Answer = { ok: false; error: string; fieldErrors?: Record<string, string[]> };

function Refusal({ data }: { data?: Answer | unknown }) {
  if (!data || typeof data !== "object" || !("error" in data)) return null;
  return (
    <p role="alert" className="field-error">
      {(data as Answer).error}
    </p>
  );
}

function MilestoneItem({
  action,
  milestone,
  index,
  count,
  locale,
}: {
  action: string;
  milestone: MilestoneRow;
  index: number;
  count: number;
  locale: string;
}) {
  const fetcher = useFetcher();
  const isBusy = fetcher.state !== "idle";
  const small =
    "rounded-lg border border-white/15 px-2.5 py-1 text-xs hover:bg-white/10 disabled:opacity-40";
  return (
    <li
      className="rounded-xl border border-white/10 p-3"
      data-testid="admin-milestone"
      data-done={milestone.isDone ? "yes" : "no"}
    >
      <fetcher.Form method="post" action={action} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="milestoneId" value={milestone.id} />
        <div className="basis-full">
          <label className="field-label text-xs" htmlFor={`milestone-${milestone.id}-title`}>
            Milestone {index + 1}
          </label>
          <input
            id={`milestone-${milestone.id}-title`}
            name="title"
            defaultValue={milestone.title}
            required
            maxLength={200}
            className="field-input py-1.5 text-sm"
          />
        </div>
        <div className="min-w-0 flex-1">
          <label className="field-label text-xs" htmlFor={`milestone-${milestone.id}-due`}>
            Due
          </label>
          <input
            id={`milestone-${milestone.id}-due`}
            type="date"
            name="dueDate"
            defaultValue={milestone.dueDate ?? ""}
            className="field-input py-1.5 text-sm"
          />
        </div>
        <button type="submit" name="intent" value="update" className={small} disabled={isBusy}>
          Save<span className="sr-only"> {milestone.title}</span>
        </button>
      </fetcher.Form>
      <fetcher.Form
        method="post"
        action={action}
        className="mt-2 flex flex-wrap items-center gap-2"
      >
        <input type="hidden" name="milestoneId" value={milestone.id} />
        <button
          type="submit"
          name="intent"
          value={milestone.isDone ? "undone" : "done"}
          className={
            milestone.isDone
              ? small
              : "rounded-lg bg-green-700/60 px-2.5 py-1 text-xs font-semibold text-white hover:bg-green-600"
          }
          disabled={isBusy}
        >
          {milestone.isDone ? "Mark not done" : "Mark done"}
          <span className="sr-only"> {milestone.title}</span>
        </button>
        <button
          type="submit"
          name="intent"
          value="up"
          className={small}
          disabled={isBusy || index === 0}
          aria-label={`Move ${milestone.title} up`}
        >
          ↑
        </button>
        <button
          type="submit"
          name="intent"
          value="down"
          className={small}
          disabled={isBusy || index === count - 1}
          aria-label={`Move ${milestone.title} down`}
        >
          ↓
        </button>
        <button
          type="submit"
          name="intent"
          value="remove"
          className={small}
          disabled={isBusy}
          aria-label={`Remove ${milestone.title}`}
        >
          Remove
        </button>
        <span className="text-xs text-mist-400">
          {milestone.isDone ? `Done ${formatDate(milestone.doneAt, locale)}` : "Not done"}
        </span>
      </fetcher.Form>
      <Refusal data={fetcher.data} />
    </li>
  );
}

/**
 * The project's milestones, each changed on its own: the client's portal shows a change
 * the moment it is saved.
 */
export function MilestonesPanel({
  projectId,
  milestones,
  locale,
}: {
  projectId: string;
  milestones: MilestoneRow[];
  locale: string;
}) {
  const action = `/admin/projects/${projectId}/milestones`;
  const adder = useFetcher();
  return (
    <section aria-labelledby="milestones" className="card">
      <h2 id="milestones" className="heading-md">
        Milestones
      </h2>
      <p className="mt-1 mb-4 text-sm text-mist-400">The client follows these in their portal.</p>
      {milestones.length ? (
        <ol className="flex flex-col gap-3">
          {milestones.map((milestone, index) => (
            <MilestoneItem
              key={milestone.id}
              action={action}
              milestone={milestone}
              index={index}
              count={milestones.length}
              locale={locale}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-mist-400">No milestones yet.</p>
      )}
      <adder.Form
        method="post"
        action={action}
        className="mt-5 flex flex-wrap items-end gap-2 border-t border-white/10 pt-4"
        key={milestones.length}
      >
        <div className="basis-full">
          <label className="field-label text-xs" htmlFor="new-milestone-title">
            New milestone
          </label>
          <input
            id="new-milestone-title"
            name="title"
            required
            maxLength={200}
            className="field-input py-1.5 text-sm"
          />
        </div>
        <div className="min-w-0 flex-1">
          <label className="field-label text-xs" htmlFor="new-milestone-due">
            Due
          </label>
          <input
            id="new-milestone-due"
            type="date"
            name="dueDate"
            className="field-input py-1.5 text-sm"
          />
        </div>
        <button
          type="submit"
          name="intent"
          value="add"
          className="btn-secondary px-4 py-1.5 text-sm"
          disabled={adder.state !== "idle"}
        >
          Add milestone
        </button>
      </adder.Form>
      <Refusal data={adder.data} />
    </section>
  );
}
