/** What the drills share: the SMTP sink in its own process, counts of what it received, waits. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, ne, sql } from "drizzle-orm";
import { type Db, openDatabase } from "#server/db/client.ts";
import { campaignDeliveries, campaigns } from "#server/db/schema/campaigns.ts";
import { saveCampaign } from "#server/marketing/campaign-editing.ts";
import { scheduleCampaign } from "#server/marketing/campaign-scheduling.ts";
import { type Product, startProduct, stopAtExit } from "../bench/product";

const root = path.resolve(import.meta.dirname, "..");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Sink = {
  port: number;
  url: string;
  /** Mails received so far by this process (the file keeps every process's). */
  count(): number;
  /** Ends the process at once, as a crashed or unplugged mail server would. */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

/** Starts drills/smtp-sink.mjs; recipients are appended to `logFile`. */
export async function startSink(options: { logFile: string; port?: number }): Promise<Sink> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(root, "drills/smtp-sink.mjs"),
      "--port",
      String(options.port ?? 0),
      "--log",
      options.logFile,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  stopAtExit(child);
  let output = "";
  let count = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const counts = [...String(chunk).matchAll(/^count (\d+)$/gm)];
      if (counts.length) count = Number(counts.at(-1)?.[1]);
      const match = output.match(/^ready (\d+)$/m);
      if (match) resolve(Number(match[1]));
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) => reject(new Error(`SMTP sink exited with ${code}:\n${output}`)));
  });
  const ended = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
    });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    count: () => count,
    async kill() {
      child.kill("SIGKILL");
      await ended();
    },
    async stop() {
      child.kill("SIGTERM");
      await ended();
    },
  };
}

/** What a sink's file holds: one entry per mail and recipient. */
export function receivedMails(logFile: string) {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [to, subject = ""] = line.split("\t");
      return { to, subject };
    });
}

/** How many mails each key (by default the address) received, from a sink's file. */
export function receivedCounts(
  logFile: string,
  keyOf: (mail: { to: string; subject: string }) => string = (mail) => mail.to,
) {
  const counts = new Map<string, number>();
  for (const mail of receivedMails(logFile)) {
    const key = keyOf(mail);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Sent, missing and duplicated among `expected` addresses. */
export function tally(expected: string[], counts: Map<string, number>) {
  let sent = 0;
  let missing = 0;
  let duplicated = 0;
  for (const address of expected) {
    const times = counts.get(address) ?? 0;
    if (times === 0) missing++;
    else sent++;
    if (times > 1) duplicated += times - 1;
  }
  return { sent, missing, duplicated };
}

/** Polls `check` until it is true or `timeoutMs` passes; resolves with whether it became true. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(200);
  }
  return check();
}

export type DrillResult = {
  name: string;
  /** Whether every count is what the drill expects. */
  ok: boolean;
  /** What it counted, printed in order. */
  counts: Array<[string, string | number]>;
  /** Why it did not run, when it could not. */
  skipped?: string;
};

/**
 * A new data directory with the demo site laid down by a first start (then stopped), in the
 * embedded database or in the empty PostgreSQL database `databaseUrl`.
 */
export async function freshSite(prefix: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `frontier-drill-${prefix}-`));
  await (await startProduct({ dataDir, databaseUrl })).stop();
  return dataDir;
}

/** Opens the embedded database of a stopped product, runs `work`, closes it. */
export async function withDatabase<T>(
  dataDir: string,
  work: (db: Db) => Promise<T>,
  databaseUrl?: string,
): Promise<T> {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Ends the product's process at once, as a crash would. */
export async function killHard(product: Product) {
  process.kill(product.pid, "SIGKILL");
  await waitFor(() => !isRunning(product.pid), 10_000);
}

/** Whether the process `pid` still runs. */
export function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });
export { type Product, startProduct };

/** Confirmed subscribers tagged `tag`, written in one statement. */
export async function addSubscribers(db: Db, total: number, tag: string) {
  for (let start = 0; start < total; start += 50_000) {
    const end = Math.min(total, start + 50_000);
    await db.execute(sql`
      insert into subscribers (email, status, tags, source, unsubscribe_token, confirmed_at, created_at)
      select ${tag} || '-' || g || '@subscribers.test', 'confirmed', array[${tag}]::text[], 'import',
        md5(${tag} || g::text || random()::text), now(),
        now() - interval '1 day' + g * interval '1 millisecond'
      from generate_series(${start + 1}::int, ${end}::int) g`);
  }
}

/** `total` subscribers tagged "drill" and a campaign to them, scheduled to go now; its id. */
export async function scheduleDrillCampaign(db: Db, total: number) {
  await addSubscribers(db, total, "drill");
  const actor = { id: "drill" };
  const { id } = await saveCampaign({
    db,
    input: { name: "Drill", subject: "The drill", body: "Hello.", audienceTags: "drill" },
    actor,
  });
  await scheduleCampaign({ db, id, input: { when: "now" }, actor });
  return id;
}

/** A local webhook receiver: answers each delivery after `delayMs`, keeping its event ids. */
export async function startReceiver(delayMs: number) {
  const received: string[] = [];
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      setTimeout(() => {
        received.push(String(request.headers["frontier-event-id"]));
        response.end("ok");
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
}

/** How many times each id came, and how many came more than once in all. */
export function repeats(ids: string[]) {
  const times = new Map<string, number>();
  for (const id of ids) times.set(id, (times.get(id) ?? 0) + 1);
  return { times, twice: [...times.values()].reduce((sum, n) => sum + n - 1, 0) };
}

/** A campaign's state, and how many of its deliveries are not confirmed sent. */
export async function campaignState(db: Db, campaignId: string) {
  const [campaign] = await db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  const [{ unconfirmed }] = await db
    .select({ unconfirmed: sql<number>`count(*)::int` })
    .from(campaignDeliveries)
    .where(
      and(eq(campaignDeliveries.campaignId, campaignId), ne(campaignDeliveries.status, "sent")),
    );
  return { status: campaign.status, unconfirmed };
}

/** The status a signed-in GET of `url` answers, read whole; 0 when it failed or took 10 s. */
export function statusOf(url: string, cookie: string) {
  return fetch(url, {
    headers: { Cookie: cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  })
    .then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    })
    .catch(() => 0);
}
