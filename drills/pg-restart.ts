import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { webhookDeliveries } from "#server/db/schema/webhooks.ts";
import { parseEnv } from "#server/env.ts";
import { createLead } from "#server/leads/leads.ts";
import { setLogLevel } from "#server/log.ts";
import { SEND_CAMPAIGN_JOB } from "#server/marketing/campaign-sending.ts";
import { createWebhookEndpoint } from "#server/webhooks/endpoints.ts";
import { WEBHOOK_DELIVER_JOB } from "#server/webhooks/events.ts";
import { BENCH_STAFF, signIn } from "../bench/product";
import {
  campaignState,
  type DrillResult,
  freshSite,
  isRunning,
  receivedCounts,
  removeDir,
  repeats,
  scheduleDrillCampaign,
  sleep,
  startProduct,
  startReceiver,
  startSink,
  statusOf,
  tally,
  waitFor,
  withDatabase,
} from "./lib";

const SERVER_URL = process.env.DRILL_PG_URL ?? "postgres://postgres@127.0.0.1:5432";
const SUBSCRIBERS = 3_000;
const EVENTS = 300;
/** The receiver answers each delivery after this long, so deliveries are in flight at the cuts. */
const RECEIVER_DELAY_MS = 100;
/** Requests in flight at once, so some are cut mid-query. */
const ASKERS = 3;
const CUTS = 4;
const CUT_EVERY_MS = 3_300;
/** The most one cut can make the product send twice: the group of the sending job in flight. */
const IN_FLIGHT_GROUP = 50;

type Answer = { at: number; path: string; status: number };

export async function pgRestartDrill(): Promise<DrillResult> {
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  try {
    await admin.connect();
  } catch (error) {
    return {
      name: "pg-restart",
      ok: false,
      counts: [],
      skipped: `no PostgreSQL at ${SERVER_URL} (${(error as Error).message})`,
    };
  }
  const name = `drill_${Math.random().toString(36).slice(2, 10)}`;
  await admin.query(`create database ${name}`);
  const databaseUrl = `${SERVER_URL}/${name}`;
  const receiver = await startReceiver(RECEIVER_DELAY_MS);
  const { origin, received } = receiver;
  let dataDir = "";
  let stopSink = async () => {};
  try {
    dataDir = await freshSite("pg-restart", databaseUrl);
    const logFile = path.join(dataDir, "received.txt");
    const sink = await startSink({ logFile });
    stopSink = () => sink.stop();
    const env = {
      SMTP_URL: sink.url,
      CAMPAIGN_SEND_PER_MINUTE: "6000",
      PRIVATE_FETCH_ORIGINS: origin,
    };
    const campaignId = await withDatabase(
      dataDir,
      async (db) => {
        await createStaffUser({ db }, { ...BENCH_STAFF, role: "admin" });
        await createWebhookEndpoint({
          db,
          env: parseEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env }),
          input: { url: `${origin}/hooks`, description: "Drill", events: ["lead.created"] },
          actor: { id: "drill", email: "drill@frontier.test", address: "127.0.0.1" },
        });
        return scheduleDrillCampaign(db, SUBSCRIBERS);
      },
      databaseUrl,
    );

    const product = await startProduct({ dataDir, databaseUrl, env });
    const session = await signIn(product.url);
    // Leads written all along from a connection of the drill's own (as another instance
    // would): each queues its webhook delivery beside the campaign's sending. A write cut
    // off is written again, as a person sends a form again.
    // Its lost connections are counted below, not logged line by line.
    setLogLevel("error");
    const feeder = await openDatabase({ databaseUrl, migrate: false });
    let leadsRefused = 0;
    const feeding = (async () => {
      for (let index = 0; index < EVENTS; index++) {
        for (;;) {
          const stored = await createLead({
            db: feeder.db,
            input: {
              name: `Lead ${index}`,
              email: `lead-${index}@example.com`,
              company: undefined,
              service: "ai-ml",
              budget: "not-sure",
              timeline: "exploring",
              message: "A PostgreSQL restart drill.",
            },
          }).then(
            () => true,
            () => false,
          );
          if (stored) break;
          leadsRefused++;
          await sleep(200);
        }
        await sleep(100);
      }
    })();
    // Staff pages and the readiness check, asked for all along: each reads the database.
    const answers: Answer[] = [];
    let isAsking = true;
    const ask = async (asker: number) => {
      for (let turn = asker; isAsking; turn++) {
        const target = turn % 2 ? "/readyz" : "/admin/clients?tab=leads";
        const status = await statusOf(`${product.url}${target}`, session);
        answers.push({ at: Date.now(), path: target, status });
        await sleep(50);
      }
    };
    const asking = Promise.all(Array.from({ length: ASKERS }, (_, asker) => ask(asker)));

    await waitFor(
      () => sink.count() >= SUBSCRIBERS * 0.2 && received.length >= EVENTS * 0.2,
      120_000,
    );
    const atFirstCut = sink.count();
    const deliveredAtFirstCut = received.length;
    const terminated: number[] = [];
    let lastCutAt = 0;
    for (let cut = 0; cut < CUTS; cut++) {
      if (cut > 0) await sleep(CUT_EVERY_MS);
      const result = await admin.query(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );
      terminated.push(result.rows[0].n);
      lastCutAt = Date.now();
    }
    const firstCutAt = lastCutAt - (CUTS - 1) * CUT_EVERY_MS;
    await waitFor(
      () => answers.some((answer) => answer.at > lastCutAt && answer.status === 200),
      60_000,
    );
    const answeringAfter = (lastCutAt: number, target?: string) => {
      const first = answers.find(
        (answer) =>
          answer.at > lastCutAt && answer.status === 200 && (!target || answer.path === target),
      );
      return first ? ((first.at - lastCutAt) / 1000).toFixed(1) : "never";
    };
    await sleep(3_000);

    await feeding;
    // A pool that lost a client to a cut never closes: counted, not waited for.
    const isFeederClosed = await Promise.race([
      feeder.close().then(() => true),
      sleep(10_000).then(() => false),
    ]);
    const allMailed = await waitFor(
      () => receivedCounts(logFile).size >= SUBSCRIBERS && new Set(received).size >= EVENTS,
      240_000,
    );
    await sleep(2_000);
    isAsking = false;
    await asking;
    const isStillUp = isRunning(product.pid);
    const serverOutput = product.output();
    await product.stop();

    const expected = Array.from(
      { length: SUBSCRIBERS },
      (_, index) => `drill-${index + 1}@subscribers.test`,
    );
    const mails = tally(expected, receivedCounts(logFile));
    const { times, twice: eventsTwice } = repeats(received);
    const state = await withDatabase(
      dataDir,
      async (db) => {
        const { status, unconfirmed } = await campaignState(db, campaignId);
        const events = await db
          .select({ eventId: webhookDeliveries.eventId })
          .from(webhookDeliveries);
        const [{ succeeded }] = await db
          .select({ succeeded: count() })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.status, "succeeded"));
        // The drill's work: the campaign's sending and the webhook tries (recurring jobs aside).
        const byStatus = await db
          .select({ status: jobs.status, total: count() })
          .from(jobs)
          .where(inArray(jobs.kind, [SEND_CAMPAIGN_JOB, WEBHOOK_DELIVER_JOB]))
          .groupBy(jobs.status);
        return {
          status,
          unconfirmed,
          succeeded,
          byStatus,
          eventIds: events.map((row) => row.eventId),
        };
      },
      databaseUrl,
    );
    const eventsMissing = state.eventIds.filter((id) => !times.has(id)).length;
    const jobsUnfinished = state.byStatus
      .filter((row) => row.status !== "done")
      .reduce((sum, row) => sum + row.total, 0);

    const during = answers.filter((answer) => answer.at >= firstCutAt - 100);
    const statusCounts = new Map<number, number>();
    for (const answer of during)
      statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
    const failedOtherwise = during.filter(
      (answer) => answer.status !== 200 && answer.status !== 503,
    );
    // What the server logged as errors (a 500's cause), one line each, the first few.
    const errorLines = serverOutput
      .split("\n")
      .filter((line) => /"level":"(error|fatal)"/.test(line))
      .map((line) => line.slice(0, 600));
    const readyAgain = answeringAfter(lastCutAt, "/readyz");
    const pageAgain = answeringAfter(lastCutAt, "/admin/clients?tab=leads");
    return {
      name: "pg-restart",
      ok:
        isStillUp &&
        allMailed &&
        mails.missing === 0 &&
        mails.duplicated <= IN_FLIGHT_GROUP * CUTS &&
        eventsMissing === 0 &&
        eventsTwice <= CUTS &&
        state.status === "sent" &&
        state.unconfirmed === 0 &&
        failedOtherwise.length === 0 &&
        isFeederClosed &&
        state.succeeded === state.eventIds.length &&
        jobsUnfinished === 0 &&
        readyAgain !== "never" &&
        Number(readyAgain) < 10 &&
        pageAgain !== "never" &&
        Number(pageAgain) < 10,
      counts: [
        ["subscribers / leads written during the drill", `${SUBSCRIBERS} / ${EVENTS}`],
        ["lead writes cut off and written again", leadsRefused],
        ["second connection's pool closed (no client lost)", isFeederClosed ? "yes" : "no"],
        ["mailed / delivered at the first cut", `${atFirstCut} / ${deliveredAtFirstCut}`],
        ["backends terminated at each cut", terminated.join(", ")],
        ["server process up throughout (same pid)", isStillUp ? "yes" : "no"],
        [
          "requests from the first cut on, by status",
          [...statusCounts]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${status || "no answer"}: ${n}`)
            .join(", "),
        ],
        [
          "  neither 200 nor 503",
          failedOtherwise.map((answer) => `${answer.status} ${answer.path}`).join(", ") || "none",
        ],
        ["server error lines", errorLines.length],
        ...errorLines.slice(0, 3).map((line): [string, string] => ["  ", line]),
        ["/readyz 200 again after the last cut (s)", readyAgain],
        ["staff page 200 again after the last cut (s)", pageAgain],
        ["mails sent", mails.sent],
        ["mails missing", mails.missing],
        ["mails duplicated", mails.duplicated],
        [
          "events / delivered / missing",
          `${state.eventIds.length} / ${times.size} / ${eventsMissing}`,
        ],
        ["events delivered twice (same event id)", eventsTwice],
        ["webhook deliveries recorded succeeded", state.succeeded],
        ["campaign", state.status],
        ["deliveries not confirmed sent", state.unconfirmed],
        [
          "campaign and webhook jobs by status",
          state.byStatus.map((row) => `${row.status}: ${row.total}`).join(", "),
        ],
      ],
    };
  } finally {
    await stopSink();
    await receiver.close();
    if (dataDir) removeDir(dataDir);
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}
