import type { JobHandler, RecurringJob } from "./queue";

/** Every kind of background job, by area. Each area adds its handlers here. */
export const jobHandlers: Record<string, JobHandler> = {};

/** Jobs that run on a schedule, one run per interval across all instances. */
export const recurringJobs: RecurringJob[] = [];
