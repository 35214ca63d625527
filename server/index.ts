import { issueSetupLink } from "#server/auth/links.ts";
import { attachChatSocket } from "#server/chat/socket.ts";
import { refreshRenderedContent } from "#server/content/rendered.ts";
import { isDatabaseUnavailable } from "#server/db/availability.ts";
import { DatabaseLockedError, oneInstanceAtATime, openDatabase } from "#server/db/client.ts";
import { seedIfEmpty } from "#server/db/seed/seed.ts";
import { jobHandlers, recurringJobs } from "#server/jobs/handlers.ts";
import { createJobRunner } from "#server/jobs/queue.ts";
import { seedSitePages } from "#server/pages/site-pages.ts";
import { ensureSearchIndex } from "#server/search/index-sync.ts";
import { removeStaleUploads } from "#server/upload-form.ts";
import { createApp, importServerBuild } from "./app";
import { ConfigError, parseEnv } from "./env";
import { applyHeapSettings } from "./heap-settings";
import { createHttpServer } from "./http-server";
import { startIdleCollection } from "./idle-collect";
import { log, routeConsoleToLog, setLogFormat, setLogLevel, setLogSecrets } from "./log";
import { reportMemoryWhenAsked } from "./memory-report";

const SHUTDOWN_DEADLINE_MS = 4500;

async function main() {
  const startedAt = performance.now();
  applyHeapSettings();
  const dev = process.argv.includes("--dev");
  if (dev) process.env.NODE_ENV ??= "development";
  const env = parseEnv();
  setLogLevel(env.LOG_LEVEL);
  setLogSecrets(env);
  // `npm run dev` prints readable lines, Vite's among them; `npm start` only JSON lines.
  if (dev) setLogFormat("pretty");
  else routeConsoleToLog();

  const serverBuild = dev ? undefined : importServerBuild();
  // Its error, if it has one, is thrown where createApp awaits it.
  serverBuild?.catch(() => {});
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // One instance at a time when several start on one PostgreSQL (each step reads, then writes).
  await oneInstanceAtATime(database, async () => {
    await seedIfEmpty(database.db);
    // The site's own pages stored as blocks, once, in a database made before there were pages.
    await seedSitePages(database.db);
    // The site search's index, rebuilt when this version indexes differently (or never did).
    await ensureSearchIndex(database.db);
    // Insights and case studies whose stored HTML this renderer did not make (decision 705).
    await refreshRenderedContent(database.db);
  });

  await removeStaleUploads(env.DATA_DIR);
  const memoryReport = reportMemoryWhenAsked(database);
  const { handle, hits, close: closeApp } = await createApp({ env, database, dev, serverBuild });
  const { server, closeIdleConnections } = createHttpServer(env, handle, hits);
  const chat = attachChatSocket(server, { database, env });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  const jobRunner = createJobRunner({
    context: { db: database.db, database, env },
    handlers: jobHandlers,
    recurring: recurringJobs,
  });
  jobRunner.start();
  // After a burst of work, the memory it took goes back once the server is idle (decision 808).
  const idleCollection = startIdleCollection();

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log.info(
    `Frontier is ready on http://localhost:${port} (${database.kind}, ${Math.round(performance.now() - startedAt)} ms)`,
  );

  // Without an admin, print the one-time /setup link (on the real port when PUBLIC_URL is unset).
  const linkBase = process.env.PUBLIC_URL?.trim() ? env.PUBLIC_URL : `http://localhost:${port}`;
  // The server is already serving: a database hiccup here must not stop it.
  await issueSetupLink({ db: database.db, env: { ...env, PUBLIC_URL: linkBase } }).catch((error) =>
    log.warn("could not issue the /setup link now; it is issued at the next start", error),
  );

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests and closing`);
    const deadline = setTimeout(() => {
      log.warn("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    closeIdleConnections();
    await chat.close();
    await closed;
    await jobRunner.stop();
    idleCollection.stop();
    memoryReport.atShutdown();
    await closeApp();
    await database.close();
    log.info("stopped");
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

// Background work (jobs, chat heartbeats, notification listeners) must not take the
// whole server down when the database goes away for a moment: log and carry on.
process.on("unhandledRejection", (reason) => {
  log.error("unhandled rejection in background work", reason);
});
// A database connection dropping at the wrong moment can surface as an "error"
// event nobody listens to; that is an outage (answered 503), not a reason to die.
process.on("uncaughtException", (error) => {
  if (isDatabaseUnavailable(error)) {
    log.warn(`database connection lost outside a request: ${error.message}`);
    return;
  }
  log.error("uncaught exception", error);
  process.exit(1);
});

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    log.error("start-up failed", error);
  }
  process.exit(1);
});
