import { PUBLISH_SCHEDULED_JOB, publishDueContent } from "../content-admin/publishing";
import type { JobHandler, RecurringJob } from "./queue";

/** Every kind of background job, by area. Each area adds its handlers here. */
export const jobHandlers: Record<string, JobHandler> = {};

/** Jobs that run on a schedule, one run per interval across all instances. */
export const recurringJobs: RecurringJob[] = [];

// Content: scheduled insights and case studies go live at their time.
jobHandlers[PUBLISH_SCHEDULED_JOB] = async (_payload, { database }) => {
  await publishDueContent(database);
};
recurringJobs.push({ kind: PUBLISH_SCHEDULED_JOB, everyMs: 15_000 });
