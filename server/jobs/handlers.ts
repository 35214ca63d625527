import { ANALYTICS_ROLLUP_JOB, rollupAnalytics } from "#server/analytics/rollup.ts";
import { PRUNE_RECEIPTS_JOB, pruneFormReceipts } from "#server/antispam/receipts.ts";
import { PASSWORD_RESET_JOB, sendPasswordResetLink } from "#server/auth/links.ts";
import { AUTH_CLEANUP_JOB, pruneAuthRecords } from "#server/auth/sign-in.ts";
import { PUBLISH_SCHEDULED_JOB, publishDueContent } from "#server/content-admin/publishing.ts";
import { runImportJob } from "#server/imports/pipeline.ts";
import { IMPORT_JOB, IMPORT_PRUNE_JOB, pruneImportRuns } from "#server/imports/runs.ts";
import { markOverdueInvoices } from "#server/invoices/overdue.ts";
import { SEND_CAMPAIGN_JOB, sendCampaignJob } from "#server/marketing/campaign-sending.ts";
import { MEDIA_REMOVE_OBJECTS_JOB, removeStoredObjectsJob } from "#server/media/media.ts";
import { publishDuePages } from "#server/pages/pages.ts";
import { PUBLISH_PODCASTS_JOB, publishDuePodcasts } from "#server/podcasts/episodes.ts";
import { PORTAL_CLEANUP_JOB, prunePortalRecords } from "#server/portal/cleanup.ts";
import { SEND_SIGN_IN_LINK_JOB, sendSignInLinks } from "#server/portal/links.ts";
import {
  MESSAGE_NOTICE_JOB,
  noticeTargetOf,
  sendMessageNotices,
} from "#server/portal/message-notices.ts";
import { expireProposals } from "#server/proposals/sending.ts";
import { issueRetainerInvoices } from "#server/retainers/issuing.ts";
import { RETAINER_ISSUE_JOB } from "#server/retainers/records.ts";
import { BUDGET_ALERT_JOB, sendBudgetAlert } from "#server/time/budgets.ts";
import { RETAINER_OVERAGE_JOB, settleRetainerOverages } from "#server/time/retainer-overage.ts";
import { deliverWebhook } from "#server/webhooks/delivery.ts";
import { WEBHOOK_DELIVER_JOB } from "#server/webhooks/events.ts";
import {
  runScheduledSync,
  runSync,
  YOUTUBE_SCHEDULE_JOB,
  YOUTUBE_SYNC_JOB,
} from "#server/youtube/sync.ts";
import type { JobHandler, RecurringJob } from "./queue";

const BUSINESS_DAILY_JOB = "business.daily";

/** Every kind of background job, by area. Each area adds its handlers here. */
export const jobHandlers: Record<string, JobHandler> = {};

/** Jobs that run on a schedule, one run per interval across all instances. */
export const recurringJobs: RecurringJob[] = [];

// Content: scheduled insights, case studies and pages go live at their time.
jobHandlers[PUBLISH_SCHEDULED_JOB] = async (_payload, { database }) => {
  await publishDueContent(database);
  await publishDuePages(database);
};
recurringJobs.push({ kind: PUBLISH_SCHEDULED_JOB, everyMs: 15_000 });

// Media: objects a failed upload left in storage, removed once storage answers again.
jobHandlers[MEDIA_REMOVE_OBJECTS_JOB] = (payload, { env }) => removeStoredObjectsJob(payload, env);

// Marketing: campaign sends, one batch per run, resumable.
jobHandlers[SEND_CAMPAIGN_JOB] = sendCampaignJob;

// Business: once a day, open invoices past due become overdue and unanswered proposals past their day expire.
jobHandlers[BUSINESS_DAILY_JOB] = async (_payload, { db }) => {
  await markOverdueInvoices({ db });
  await expireProposals({ db });
};
recurringJobs.push({ kind: BUSINESS_DAILY_JOB, everyMs: 24 * 60 * 60_000 });

// Sign-in: old failures, spent links and ended sessions are removed hourly.
jobHandlers[AUTH_CLEANUP_JOB] = async (_payload, { db }) => {
  await pruneAuthRecords(db);
};
recurringJobs.push({ kind: AUTH_CLEANUP_JOB, everyMs: 60 * 60_000 });
// Sign-in: the forgot-password form's mail, sent here so the form answers alike for every address.
jobHandlers[PASSWORD_RESET_JOB] = async (payload, { db, env }) => {
  await sendPasswordResetLink({ db, env }, { email: String(payload.email ?? "") });
};

// Public forms: receipts of form fillings older than any token that could repeat them go hourly.
jobHandlers[PRUNE_RECEIPTS_JOB] = async (_payload, { db }) => {
  await pruneFormReceipts({ db });
};
recurringJobs.push({ kind: PRUNE_RECEIPTS_JOB, everyMs: 60 * 60_000 });

// Podcasts: scheduled episodes go live at their time.
jobHandlers[PUBLISH_PODCASTS_JOB] = async (_payload, { database }) => {
  await publishDuePodcasts(database);
};
recurringJobs.push({ kind: PUBLISH_PODCASTS_JOB, everyMs: 15_000 });

// YouTube: "Sync now" queues a run; every minute the schedule checks whether the chosen interval has passed.
jobHandlers[YOUTUBE_SYNC_JOB] = async (payload, { database, env }) => {
  await runSync({ database, env, runId: String(payload.runId) });
};
jobHandlers[YOUTUBE_SCHEDULE_JOB] = async (_payload, { database, env }) => {
  await runScheduledSync({ database, env });
};
recurringJobs.push({ kind: YOUTUBE_SCHEDULE_JOB, everyMs: 60_000 });

// Client portal: a requested sign-in link is looked up and mailed here, never in the request
// (the answer must not depend on whether the address is known); spent links and ended sessions go hourly.
jobHandlers[SEND_SIGN_IN_LINK_JOB] = async (payload, { db, env }) => {
  await sendSignInLinks({ db, env, email: String(payload.email ?? "") });
};
jobHandlers[PORTAL_CLEANUP_JOB] = async (_payload, { db }) => {
  await prunePortalRecords(db);
};
recurringJobs.push({ kind: PORTAL_CLEANUP_JOB, everyMs: 60 * 60_000 });
// Webhooks: one job per try of a delivery, queued with the event (and by the try before).
jobHandlers[WEBHOOK_DELIVER_JOB] = async (payload, { db, env, lease }) => {
  await deliverWebhook({ db, env, deliveryId: String(payload.deliveryId), lease });
};

// Project messages: a message queues its side's notice for the end of its five-minute window;
// the job mails each recipient once with every message that waited (decision 416).
jobHandlers[MESSAGE_NOTICE_JOB] = async (payload, { db, env }) => {
  const target = noticeTargetOf(payload);
  if (target) await sendMessageNotices({ db, env, target });
};

// Retainers: every hour (and after a change that may make a period due) each due period is
// invoiced and sent exactly once, catching up after downtime (decision 418).
jobHandlers[RETAINER_ISSUE_JOB] = async (payload, { db, env, lease }) => {
  const retainerId = typeof payload.retainerId === "string" ? payload.retainerId : undefined;
  await issueRetainerInvoices({ db, env, retainerId, lease });
};
recurringJobs.push({ kind: RETAINER_ISSUE_JOB, everyMs: 60 * 60_000 });
// Analytics: page views become daily figures every five minutes; raw events and old salts go.
jobHandlers[ANALYTICS_ROLLUP_JOB] = async (_payload, { db }) => {
  await rollupAnalytics({ db });
};
recurringJobs.push({ kind: ANALYTICS_ROLLUP_JOB, everyMs: 5 * 60_000 });

// Time: a budget's 80% and 100% mails (queued once each by the change that crossed it), and the
// hourly settling of ended retainer periods with included hours (decisions 425, 427).
jobHandlers[BUDGET_ALERT_JOB] = async (payload, { db, env }) => {
  await sendBudgetAlert({
    db,
    env,
    projectId: String(payload.projectId),
    threshold: Number(payload.threshold),
  });
};
jobHandlers[RETAINER_OVERAGE_JOB] = async (_payload, { db, env }) => {
  await settleRetainerOverages({ db, env });
};
recurringJobs.push({ kind: RETAINER_OVERAGE_JOB, everyMs: 60 * 60_000 });

// Imports: each job works on one import for a minute, then queues the next slice; previews
// nobody imported within a week go with their files (decision 520).
jobHandlers[IMPORT_JOB] = async (payload, { database, env }) => {
  await runImportJob(payload, { database, env });
};
jobHandlers[IMPORT_PRUNE_JOB] = async (_payload, { db, env }) => {
  await pruneImportRuns({ db, env });
};
recurringJobs.push({ kind: IMPORT_PRUNE_JOB, everyMs: 60 * 60_000 });
