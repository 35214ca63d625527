import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import * as tables from "#server/db/schema/index.ts";
import { log } from "#server/log.ts";
import { projectRoot } from "#server/paths.ts";
import { withTextTypes } from "./pglite-text-types";
import { releaseWhenLost } from "./pool-clients";

export type Db = NodePgDatabase<typeof tables>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const migrationsFolder = path.join(projectRoot, "server/db/migrations");

type Listener = (payload: string) => void;

/** A connected database: the Drizzle handle plus the few things beside queries we need. */
export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Deliver a NOTIFY to every instance listening on the channel (this one included). */
  notify(channel: string, payload: string): Promise<void>;
  /** Run a callback for every NOTIFY on the channel; returns a function that stops it. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /** Flush to disk and release everything. */
  close(): Promise<void>;
  /** PGlite only: the bytes of the embedded engine's WebAssembly memory (the memory report). */
  engineMemoryBytes?(): number;
  /** PGlite only: the data directory as one tar file, which `OpenOptions.from` starts from. */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: run work on one dedicated connection (session-level locks). */
  withConnection<T>(work: (connection: pg.PoolClient) => Promise<T>): Promise<T>;
};

export class DatabaseLockedError extends Error {}

export type OpenOptions = {
  databaseUrl?: string;
  /** PGlite keeps its files in DATA_DIR/db; without a dataDir it lives in memory (tests). */
  dataDir?: string;
  migrate?: boolean;
  /**
   * PGlite only: start from a dump of a data directory (`dumpDataDir`) instead of making a new
   * one, which takes about a second (the tests' in-memory databases start from one dump).
   */
  from?: Blob;
  /** Called with each statement Drizzle sends (tests count the queries a render makes). */
  onQuery?: (query: string) => void;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onQuery)
    : await openPglite(
        options.dataDir ? path.join(options.dataDir, "db") : undefined,
        options.onQuery,
        options.from,
      );
  if (options.migrate !== false) await runMigrations(database);
  return database;
}

const queryLogger = (onQuery?: (query: string) => void) =>
  onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;

export async function runMigrations(database: Database) {
  if (database.kind === "postgres") {
    const { drizzle: drizzlePg } = await import("drizzle-orm/node-postgres");
    const { migrate: migratePg } = await import("drizzle-orm/node-postgres/migrator");
    // One instance migrates at a time when several start at once.
    await database.withConnection((connection) =>
      holdingSessionLock(connection, MIGRATIONS_LOCK, () =>
        migratePg(drizzlePg({ client: connection }), { migrationsFolder }),
      ),
    );
  } else {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite flavour of the same Drizzle handle
    await migratePglite(database.db as any, { migrationsFolder });
  }
}

/**
 * Runs `work` while no other instance on the same PostgreSQL runs its own: the data steps of a
 * start (the demo content of an empty database, the site's pages, the search index), which
 * read what is stored and then write. Two instances started at once on a new database both
 * found it empty and both seeded it; the second failed on the demo staff's addresses. The
 * embedded engine's data directory is one process's, so there it simply runs.
 */
export async function oneInstanceAtATime<T>(
  database: Database,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind !== "postgres") return work();
  return database.withConnection((connection) =>
    holdingSessionLock(connection, START_UP_DATA_LOCK, work),
  );
}

/**
 * A scan of a large table starts at its first page, not where the last scan of it stopped
 * (PostgreSQL's synchronized scans): a bounded read without an order, such as the site
 * search's candidates, then finds the same rows each time (decision 829).
 */
const SCANS_FROM_THE_START = "synchronize_seqscans=off";

/** The session-level advisory locks a start takes on PostgreSQL, one number each. */
const MIGRATIONS_LOCK = 724011;
const START_UP_DATA_LOCK = 724012;

/** Runs `work` holding a session-level advisory lock on `connection`, released however it ends. */
async function holdingSessionLock<T>(
  connection: pg.PoolClient,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  await connection.query("select pg_advisory_lock($1)", [key]);
  try {
    return await work();
  } finally {
    await connection.query("select pg_advisory_unlock($1)", [key]);
  }
}

/**
 * Each engine's driver is imported when that engine is opened: a start on the embedded
 * database never loads `pg` (about 70 ms), nor one on PostgreSQL PGlite.
 */
async function openPostgres(url: string, onQuery?: (query: string) => void): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle: drizzlePg } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
  });
  pool.on("error", (error) => log.warn(`database connection error: ${error.message}`));
  // A checked-out client whose connection is cut gives itself back (pool-clients.ts): a cut
  // at a transaction's BEGIN would otherwise keep it out of the pool for good.
  const connect = pool.connect.bind(pool);
  // One process a query (decision 803): PostgreSQL planned two parallel workers to sort the
  // 111 rows a subscriber search found, and starting them took 22–40 ms before the first row;
  // a page's queries read what indexes find, where workers only add their start. And every
  // scan of a table from its first page (decision 829): the site search ranks the first
  // thousand matches a scan meets, which must be the same thousand for every page of results.
  // Set once on each connection, before it is first handed out.
  const prepared = new WeakSet<pg.PoolClient>();
  const prepare = async (client: pg.PoolClient) => {
    if (prepared.has(client)) return;
    await client.query(`set max_parallel_workers_per_gather = 0; set ${SCANS_FROM_THE_START}`);
    prepared.add(client);
  };
  pool.connect = ((callback?: Parameters<typeof pool.connect>[0]) =>
    callback
      ? connect((error, client, done) => {
          if (error || !client) return callback(error, client as pg.PoolClient, done);
          prepare(client).then(
            () => callback(undefined, client, done),
            (failure: Error) => {
              // The connection is dropped, not handed out unprepared.
              done(failure);
              callback(failure, undefined as unknown as pg.PoolClient, () => {});
            },
          );
        })
      : connect().then(async (client) => {
          await prepare(client).catch((failure: Error) => {
            client.release(failure);
            throw failure;
          });
          return releaseWhenLost(client);
        })) as typeof pool.connect;
  // A connection that drops while checked out must not crash the process: the
  // query using it fails (503) and the pool replaces it.
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn(`database connection lost: ${error.message}`));
  });
  const db = drizzlePg({ client: pool, schema: tables, logger: queryLogger(onQuery) });
  let listenClient: Promise<pg.Client> | undefined;
  let isClosed = false;
  const listeners = new Map<string, Set<Listener>>();

  /** The one LISTEN connection; callers at the same moment share it. */
  function ensureListenClient() {
    listenClient ??= connectListenClient().catch((error) => {
      listenClient = undefined;
      throw error;
    });
    return listenClient;
  }

  async function connectListenClient() {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? "");
    });
    client.on("error", (error) => {
      if (isClosed) return;
      log.warn("notification connection lost; reconnecting", error);
      listenClient = undefined;
      setTimeout(() => void reconnect(), 1000).unref();
    });
    await client.connect();
    return client;
  }

  async function reconnect() {
    if (isClosed) return;
    try {
      const client = await ensureListenClient();
      for (const channel of listeners.keys()) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      log.warn("notification reconnect failed", error);
      setTimeout(() => void reconnect(), 2000).unref();
    }
  }

  return {
    db,
    kind: "postgres",
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async listen(channel, listener) {
      const client = await ensureListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN "${channel}"`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    async close() {
      isClosed = true;
      const client = await listenClient?.catch(() => undefined);
      await client?.end().catch(() => {});
      await pool.end();
    },
    async withConnection(work) {
      const connection = await pool.connect();
      try {
        return await work(connection);
      } finally {
        connection.release();
      }
    },
  };
}

const PGLITE_SHARED_BUFFERS = "16MB";

async function openPglite(
  dir?: string,
  onQuery?: (query: string) => void,
  from?: Blob,
): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
  ]);
  let releaseLock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    releaseLock = acquireLock(dir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir, {
      // PostgreSQL's default 128 MB buffer cache lives inside PGlite's WebAssembly memory
      // and is most of the process's footprint; the operating system caches the files too.
      startParams: [
        ...PGlite.defaultStartParams,
        "-c",
        `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
        "-c",
        SCANS_FROM_THE_START,
      ],
      // The site search's typo tolerance (trigrams); its migration creates the extension.
      extensions: { pg_trgm },
      loadDataDir: from,
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite({
    client: withTextTypes(client),
    schema: tables,
    logger: queryLogger(onQuery),
  }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async listen(channel, listener) {
      const stop = await client.listen(channel, listener);
      return () => stop();
    },
    async close() {
      try {
        await client.exec("CHECKPOINT");
        await client.close();
      } finally {
        releaseLock();
      }
    },
    engineMemoryBytes() {
      return (client as unknown as { Module: { HEAPU8: Uint8Array } }).Module.HEAPU8.byteLength;
    },
    dumpDataDir: () => client.dumpDataDir("none"),
    withConnection() {
      throw new Error("withConnection is for PostgreSQL only");
    },
  };
}

/**
 * One process owns a PGlite directory. A lock file holds the owner's pid; a
 * lock left by a process that no longer runs (kill -9) is taken over.
 */
function acquireLock(dir: string): () => void {
  const lockFile = path.join(dir, "frontier.lock");
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
      const pid = Number(readFileSync(lockFile, "utf8").trim());
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new DatabaseLockedError(
          `The database in ${dir} is in use by another Frontier process (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  return () => {
    try {
      if (readFileSync(lockFile, "utf8").trim() === String(process.pid)) rmSync(lockFile);
    } catch {
      // already gone
    }
  };
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
