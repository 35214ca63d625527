import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { useToast } from "#app/components/ui/toasts.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import {
  addChannel,
  findChannels,
  findRecentRuns,
  getSyncInterval,
  removeChannel,
  SYNC_INTERVALS,
  setSyncInterval,
  startSyncRun,
  YOUTUBE_SYNC_JOB,
} from "#server/youtube/sync.ts";
import { channelIdSchema } from "#shared/youtube.ts";
import { z } from "#shared/zod.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "YouTube Sync | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const [channels, runs, intervalMinutes] = await Promise.all([
    findChannels(db),
    findRecentRuns(db),
    getSyncInterval(db),
  ]);
  return { channels, runs, intervalMinutes, intervals: [...SYNC_INTERVALS] };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), channelId: z.string().default("") }),
  z.object({ intent: z.literal("remove"), id: z.uuid("Choose a channel from the list.") }),
  z.object({ intent: z.literal("interval"), minutes: z.string() }),
  z.object({ intent: z.literal("sync") }),
]);

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { context } = args;
  const actor = { id: user.id, email: user.email, address: context.clientAddress };
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(args.request)));
  try {
    if (!parsed.success) throw new AppError("INVALID", "That request could not be read.");
    const input = parsed.data;
    switch (input.intent) {
      case "add": {
        const channel = await addChannel({
          database: context.database,
          channelId: input.channelId,
          actor,
        });
        return {
          ok: true as const,
          message: `${channel.channelId} added. Run a sync to bring in its videos.`,
        };
      }
      case "remove":
        await removeChannel({ database: context.database, id: input.id, actor });
        return { ok: true as const, message: "Channel removed. Its episodes stay in Podcasts." };
      case "interval":
        await setSyncInterval({ database: context.database, minutes: input.minutes, actor });
        return { ok: true as const, message: "Schedule saved." };
      case "sync": {
        const { run, isNew } = await startSyncRun(context.db, {
          trigger: "manual",
          actorId: user.id,
        });
        if (isNew)
          await enqueueJob(context.db, {
            kind: YOUTUBE_SYNC_JOB,
            payload: { runId: run.id },
            maxAttempts: 1,
          });
        return {
          ok: true as const,
          message: isNew ? "Sync started." : "A sync is running already.",
        };
      }
    }
  } catch (error) {
    return errorResponse(error);
  }
}

type ActionResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string[]> }
  | undefined;

const intervalLabel: Record<number, string> = {
  0: "Off (sync by hand only)",
  15: "Every 15 minutes",
  60: "Every hour",
  360: "Every 6 hours",
  1440: "Once a day",
};

function when(date: Date | string | null) {
  return date ? new Date(date).toLocaleString() : "never";
}

export default function YoutubeSyncScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { channels, runs, intervalMinutes, intervals } = loaderData;
  const result = actionData as ActionResult;
  const { show } = useToast();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [removing, setRemoving] = useState<{ id: string; channelId: string } | null>(null);
  const remove = useFetcher<ActionResult>();
  const latest = runs[0];
  const isRunning = latest?.status === "running";

  useEffect(() => {
    if (!result) return;
    if (result.ok) show({ message: result.message, type: "success" });
    else if (!result.fieldErrors) show({ message: result.error, type: "error" });
  }, [result, show]);
  useEffect(() => {
    if (remove.data)
      show(
        remove.data.ok
          ? { message: remove.data.message }
          : { message: remove.data.error, type: "error" },
      );
  }, [remove.data, show]);

  // While a sync runs, the page follows its progress.
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [isRunning, revalidator]);

  const [clientError, setClientError] = useState<string>();
  const channelError =
    clientError ?? (result && !result.ok ? result.fieldErrors?.channelId?.[0] : undefined);
  const percent =
    latest && latest.channelsTotal > 0
      ? Math.round((latest.channelsDone / latest.channelsTotal) * 100)
      : 0;

  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="YouTube Sync"
        description={
          <>
            New videos of these channels become video episodes on{" "}
            <Link to="/podcasts" className="text-frontier-blue hover:underline">
              /podcasts
            </Link>
            ; changed titles, descriptions and thumbnails are updated. Nothing is ever added twice.
          </>
        }
        actions={
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="sync"
              className="btn-primary"
              disabled={isRunning || channels.length === 0 || navigation.state === "submitting"}
            >
              {isRunning ? "Syncing…" : "Sync now"}
            </button>
          </Form>
        }
      />

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

      <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
        <section aria-labelledby="channels-heading" className="card">
          <h2 id="channels-heading" className="heading-md">
            Channels
          </h2>
          {channels.length === 0 ? (
            <p className="mt-3 text-mist-300">No channels yet: add one below.</p>
          ) : (
            <table className="mt-4 w-full text-left text-sm">
              <caption className="sr-only">Synced channels</caption>
              <thead className="text-mist-400">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Channel
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Last sync
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    State
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/10">
                {channels.map((channel) => (
                  <tr key={channel.id}>
                    <td className="py-3 pr-4">
                      <span className="block text-white">
                        {channel.title ?? "Name known after the first sync"}
                      </span>
                      <span className="font-mono text-xs text-mist-400">{channel.channelId}</span>
                    </td>
                    <td className="py-3 pr-4 text-mist-300">
                      {when(channel.lastSyncAt)}
                      {channel.lastStatus === "failed" && channel.lastSuccessAt ? (
                        <span className="block text-xs text-mist-400">
                          last good: {when(channel.lastSuccessAt)}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-3 pr-4">
                      {channel.lastStatus === "failed" ? (
                        <span className="text-red-300">Failed: {channel.lastError}</span>
                      ) : channel.lastStatus === "ok" ? (
                        <span className="text-emerald-300">OK</span>
                      ) : (
                        <span className="text-mist-400">Not synced yet</span>
                      )}
                    </td>
                    <td className="py-3 text-right">
                      <button
                        type="button"
                        className="text-sm text-mist-300 underline underline-offset-4 hover:text-white"
                        onClick={() =>
                          setRemoving({ id: channel.id, channelId: channel.channelId })
                        }
                      >
                        Remove<span className="sr-only"> {channel.channelId}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Form
            key={channels.length}
            method="post"
            noValidate
            className="mt-6 flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              const value = new FormData(event.currentTarget).get("channelId");
              const parsed = channelIdSchema.safeParse(value);
              setClientError(parsed.success ? undefined : parsed.error.issues[0].message);
              if (!parsed.success) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="add" />
            <div className="min-w-64 flex-1">
              <label htmlFor="channelId" className="field-label">
                Channel id
              </label>
              <input
                id="channelId"
                name="channelId"
                placeholder="UCxxxxxxxxxxxxxxxxxxxxxx"
                autoComplete="off"
                aria-invalid={channelError ? true : undefined}
                aria-describedby={channelError ? "channelId-error" : "channelId-hint"}
                className="field-input font-mono"
              />
              {channelError ? (
                <p id="channelId-error" className="field-error">
                  {channelError}
                </p>
              ) : (
                <p id="channelId-hint" className="mt-1 text-xs text-mist-400">
                  The id in the channel's address: youtube.com/channel/UC…
                </p>
              )}
            </div>
            <button type="submit" className="btn-secondary">
              Add channel
            </button>
          </Form>
        </section>

        <section aria-labelledby="schedule-heading" className="card">
          <h2 id="schedule-heading" className="heading-md">
            Schedule
          </h2>
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="interval" />
            <div>
              <label htmlFor="minutes" className="field-label">
                Sync automatically
              </label>
              <select
                id="minutes"
                name="minutes"
                defaultValue={String(intervalMinutes)}
                className="field-input"
              >
                {intervals.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {intervalLabel[minutes]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-secondary">
              Save schedule
            </button>
          </Form>
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
        </section>
      </div>

      <remove.Form method="post" id="remove-channel">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={removing?.id ?? ""} />
      </remove.Form>
      <ConfirmModal
        open={removing !== null}
        title="Stop syncing this channel?"
        confirmLabel="Remove channel"
        isDanger
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          (document.getElementById("remove-channel") as HTMLFormElement | null)?.requestSubmit();
          setRemoving(null);
        }}
      >
        {removing?.channelId} leaves the list. Episodes it brought in stay in Podcasts.
      </ConfirmModal>
    </main>
  );
}
