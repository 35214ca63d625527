import { useState } from "react";
import { Link, useFetcher, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
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
import { z } from "#shared/zod.ts";
import type { Route } from "./+types/index";
import type { ActionResult } from "./action-result";
import { AddChannelForm } from "./add-channel-form";
import { ChannelTable } from "./channel-table";
import { RecentRuns } from "./recent-runs";
import { RemoveChannelDialog } from "./remove-channel-dialog";
import { ScheduleForm } from "./schedule-form";
import { SyncNowForm } from "./sync-now-form";
import { SyncProgress } from "./sync-progress";
import { useFollowRunningSync } from "./use-follow-running-sync";
import { useSyncToasts } from "./use-sync-toasts";

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

export default function YoutubeSyncScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { channels, runs, intervalMinutes, intervals } = loaderData;
  const result = actionData as ActionResult;
  const navigation = useNavigation();
  const [removing, setRemoving] = useState<{ id: string; channelId: string } | null>(null);
  const remove = useFetcher<ActionResult>();
  const latest = runs[0];
  const isRunning = latest?.status === "running";

  useSyncToasts(result, remove.data);
  useFollowRunningSync(isRunning);

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
          <SyncNowForm
            isRunning={isRunning}
            isDisabled={isRunning || channels.length === 0 || navigation.state === "submitting"}
          />
        }
      />

      <SyncProgress latest={latest} isRunning={isRunning} />

      <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
        <section aria-labelledby="channels-heading" className="card">
          <h2 id="channels-heading" className="heading-md">
            Channels
          </h2>
          <ChannelTable channels={channels} onRemove={setRemoving} />
          <AddChannelForm
            formKey={channels.length}
            serverError={result && !result.ok ? result.fieldErrors?.channelId?.[0] : undefined}
          />
        </section>

        <section aria-labelledby="schedule-heading" className="card">
          <h2 id="schedule-heading" className="heading-md">
            Schedule
          </h2>
          <ScheduleForm intervalMinutes={intervalMinutes} intervals={intervals} />
          <RecentRuns runs={runs} />
        </section>
      </div>

      <RemoveChannelDialog fetcher={remove} removing={removing} onClose={() => setRemoving(null)} />
    </main>
  );
}
