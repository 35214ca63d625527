/**
 * The goals at scale (`BENCH_SCALE=10 npm run bench`, section "scale"): the same product on
 * `--scale=1` data (the bench's own data set) and on BENCH_SCALE times it, on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL; each goal printed with met or missed and the scale-1
 * figure beside it, so the growth shows (decision 748).
 *
 * A seeded data directory can be kept between runs: BENCH_SCALE_DATA=/some/dir keeps
 * `/some/dir/scale-N` (PGlite) and reuses it when it is there.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { createStaffUser } from "#server/auth/users.ts";
import { encodeCursor } from "#server/business/list-query.ts";
import { isLive } from "#server/content/published.ts";
import { SITEMAP_URLS_PER_FILE } from "#server/content/sitemap.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { caseStudies, insights, podcastEpisodes } from "#server/db/schema/content.ts";
import { SCALE_SEED_MARKER, seedScale } from "#server/db/seed/scale.ts";
import { countAudience } from "#server/marketing/campaign-audience.ts";
import { saveCampaign } from "#server/marketing/campaign-editing.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { type Sink, startSink } from "../drills/lib";
import { BROWSER_ACCEPT_ENCODING, median } from "./load";
import {
  BENCH_STAFF,
  memoryParts,
  type Product,
  peakResidentMb,
  residentMb,
  signIn,
  startProduct,
} from "./product";
import { searchQueries } from "./search-queries";

/**
 * Requests measured per figure, one at a time: with 21 the p95 was the second-slowest request,
 * and one pause of the machine moved it by tens of milliseconds between runs of the same build
 * (decision 806); of 60 it is the fourth-slowest.
 */
const SAMPLES = 60;
const WARM_UP_REQUESTS = Number(process.env.BENCH_SCALE_WARM_UP ?? 20);
const COLD_STARTS = 3;

export type Engine = "PGlite" | "PostgreSQL";

/** One measured figure of one goal at one scale. */
export type Figure = {
  value: number;
  unit: "ms" | "MB" | "s" | "mails" | "mails/s" | "files" | "URLs";
  text: string;
  isMet: boolean;
};

/** What the seeded data holds that the goals check against, counted before the product starts. */
export type ScaleData = {
  /** Live (published, not in the future) items of each kind. */
  live: { insights: number; caseStudies: number; episodes: number };
  /** A draft campaign the campaign goal sends, and how many it goes to. */
  campaign: { id: string; audience: number; who: string };
};

/** What a goal's measure gets: the product running on the scaled data, signed in. */
export type ScaleContext = {
  product: Product;
  cookie: string;
  scale: number;
  engine: Engine;
  data: ScaleData;
  /** The local SMTP server (drills/smtp-sink.mjs) the product sends through. */
  sink: Sink;
  timeRequest(target: string): Promise<number>;
};

/**
 * The goals measured at each scale, in the order printed. Other sections add theirs here
 * (site search, a campaign, the subscriber export, the sitemap index): each returns its
 * figures by label, or undefined where it does not measure yet.
 */
export type ScaleGoal = {
  section: string;
  goal: string;
  measure(context: ScaleContext): Promise<Array<[string, Figure]> | undefined>;
};

/**
 * A list's ways in: first page, a page deep (by keyset), a filter, its search, and the first
 * letter a person types into its search box (the start of a word, decision 826).
 */
type ListTargets = {
  name: string;
  first: string;
  deep?: string;
  filter?: string;
  search?: string;
  letter?: string;
};

/** The letter typed: the commonest in English, and the start of words every list holds. */
const TYPED_LETTER = "e";

async function listTargets(db: Db): Promise<ListTargets[]> {
  // A page half-way down each list, as Next would reach it: the cursor of the row before it.
  const middle = async (table: string, key: string, order: string, id = "id") => {
    const result = await db.execute(
      sql.raw(
        `select ${key}::text as key, ${id}::text as id from ${table} order by ${order} offset (select count(*) / 2 from ${table}) limit 1`,
      ),
    );
    const row = result.rows[0] as { key: string; id: string } | undefined;
    return row ? `after=${encodeCursor(row)}` : "";
  };
  const invoices = await middle("invoices", "issue_date", "issue_date desc, id desc");
  const clients = await middle("clients", "lower(company)", "lower(company) asc, id asc");
  const proposals = await middle("proposals", "created_at", "created_at desc, id desc");
  const projects = await middle("projects", "created_at", "created_at desc, id desc");
  const subscribers = await middle("subscribers", "created_at", "created_at desc, id desc");
  const audit = await middle(
    "audit_events",
    "(created_at::text || '|' || seq::text)",
    "created_at desc, seq desc",
  );
  const outbox = await middle("mail_messages", "created_at", "created_at desc, id desc");
  const insights = await middle("insights", "updated_at", "updated_at desc, id desc");
  const caseStudies = await middle("case_studies", "updated_at", "updated_at desc, id desc");
  return [
    {
      name: "invoices",
      first: "/admin/invoices",
      deep: `/admin/invoices?${invoices}`,
      filter: "/admin/invoices?status=overdue",
      search: "/admin/invoices?q=company%200042",
      letter: `/admin/invoices?q=${TYPED_LETTER}`,
    },
    {
      name: "clients",
      first: "/admin/clients",
      deep: `/admin/clients?${clients}`,
      search: "/admin/clients?q=company%200042",
      letter: `/admin/clients?q=${TYPED_LETTER}`,
    },
    {
      name: "proposals",
      first: "/admin/proposals",
      deep: `/admin/proposals?${proposals}`,
      filter: "/admin/proposals?status=accepted",
      search: "/admin/proposals?q=proposal%2042",
      letter: `/admin/proposals?q=${TYPED_LETTER}`,
    },
    {
      name: "projects",
      first: "/admin/projects",
      deep: `/admin/projects?${projects}`,
      filter: "/admin/projects?status=active",
      search: "/admin/projects?q=portal",
      letter: `/admin/projects?q=${TYPED_LETTER}`,
    },
    {
      name: "subscribers",
      first: "/admin/subscribers",
      deep: `/admin/subscribers?${subscribers}`,
      filter: "/admin/subscribers?status=bounced",
      search: "/admin/subscribers?q=subscriber4242",
      letter: `/admin/subscribers?q=${TYPED_LETTER}`,
    },
    {
      name: "insights",
      first: "/admin/insights",
      deep: `/admin/insights?${insights}`,
      filter: "/admin/insights?status=draft",
    },
    {
      name: "case studies",
      first: "/admin/case-studies",
      deep: `/admin/case-studies?${caseStudies}`,
    },
    // Not read by keyset yet: their first page only.
    { name: "podcasts", first: "/admin/podcasts" },
    { name: "chat", first: "/admin/chat" },
    { name: "comments", first: "/admin/comments" },
    {
      name: "audit log",
      first: "/admin/audit",
      deep: `/admin/audit?${audit}`,
      filter: "/admin/audit?area=subscribers",
    },
    { name: "outbox", first: "/admin/outbox", deep: `/admin/outbox?${outbox}` },
  ];
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** p50 and p95 of SAMPLES requests after the warm-up, one at a time. */
async function percentiles(context: ScaleContext, target: string) {
  for (let run = 0; run < WARM_UP_REQUESTS; run++) await context.timeRequest(target);
  const samples: number[] = [];
  for (let run = 0; run < SAMPLES; run++) samples.push(await context.timeRequest(target));
  samples.sort((a, b) => a - b);
  return {
    p50: samples[Math.floor(samples.length / 2)],
    p95: samples[Math.floor(samples.length * 0.95)],
  };
}

const kindLabels = {
  first: "first page",
  deep: "a page deep (keyset)",
  filter: "filter",
  search: "search",
  letter: `search, one letter ("${TYPED_LETTER}")`,
};

function listGoal(targets: () => ListTargets[]): ScaleGoal {
  return {
    section: "Admin lists, one request at a time",
    goal: "p50 < 30 ms, p95 < 60 ms",
    async measure(context) {
      const figures: Array<[string, Figure]> = [];
      for (const list of targets())
        for (const kind of ["first", "deep", "filter", "search", "letter"] as const) {
          const target = list[kind];
          if (!target) continue;
          const { p50, p95 } = await percentiles(context, target);
          figures.push([
            `${list.name}: ${kindLabels[kind]}`,
            {
              value: p50,
              unit: "ms",
              text: `p50 ${ms(p50)}, p95 ${ms(p95)} ms`,
              isMet: p50 < 30 && p95 < 60,
            },
          ]);
        }
      return figures;
    },
  };
}

function pageGoal(section: string, goalMs: number, target: () => string): ScaleGoal {
  return {
    section,
    goal: `p50 < ${goalMs} ms`,
    async measure(context) {
      const { p50, p95 } = await percentiles(context, target());
      return [
        [
          target(),
          {
            value: p50,
            unit: "ms",
            text: `p50 ${ms(p50)}, p95 ${ms(p95)} ms`,
            isMet: p50 < goalMs,
          },
        ],
      ];
    },
  };
}

/**
 * The subscriber export read whole, as a browser downloads it: the time to its first bytes,
 * to its end, and how far the server's resident memory rose above where it stood before
 * (sampled every 50 ms while the file streams; decision 749).
 */
async function measureExport(context: ScaleContext): Promise<Array<[string, Figure]>> {
  const { product, cookie } = context;
  const before = residentMb(product.pid);
  let highest = before;
  const sampler = setInterval(() => {
    highest = Math.max(highest, residentMb(product.pid));
  }, 50);
  const startedAt = performance.now();
  let firstMs = 0;
  let lines = 0;
  try {
    const response = await fetch(`${product.url}/admin/subscribers/export`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    if (response.status !== 200 || !response.body)
      throw new Error(`/admin/subscribers/export answered ${response.status}`);
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (!firstMs) firstMs = performance.now() - startedAt;
      for (const byte of read.value) if (byte === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const wholeS = (performance.now() - startedAt) / 1000;
  const growth = Math.max(0, highest - before);
  const rows = Math.max(0, lines - 1);
  return [
    [
      "first bytes",
      { value: firstMs, unit: "ms", text: `${ms(firstMs)} ms`, isMet: firstMs < 200 },
    ],
    [
      "the whole file",
      {
        value: wholeS,
        unit: "s",
        text: `${rows.toLocaleString("en-US")} rows in ${wholeS.toFixed(1)} s`,
        isMet: true,
      },
    ],
    [
      "resident memory growth while streaming",
      {
        value: growth,
        unit: "MB",
        text: `${growth.toFixed(0)} MB (${before.toFixed(0)} -> ${highest.toFixed(0)})`,
        isMet: growth < 50,
      },
    ],
  ];
}

/**
 * The site search through the running product, as bench/search.ts times it on its own items:
 * each of its queries on /search (the page it renders), p50 and p95 one request at a time;
 * the goal is the worst p95. The scaled data's items all hold "engineering", the word of the
 * worst case.
 */
async function measureSearch(context: ScaleContext): Promise<Array<[string, Figure]>> {
  const figures: Array<[string, Figure]> = [];
  let worst = { p95: 0, query: "" };
  for (const [label, text] of searchQueries) {
    const [query, page] = text.split("|");
    const params = new URLSearchParams({ q: query });
    if (page) params.set("page", page);
    const { p50, p95 } = await percentiles(context, `/search?${params}`);
    if (p95 >= worst.p95) worst = { p95, query: `“${query}”${page ? `, page ${page}` : ""}` };
    figures.push([
      `${label} “${query}”`,
      { value: p95, unit: "ms", text: `p50 ${ms(p50)}, p95 ${ms(p95)} ms`, isMet: p95 < 50 },
    ]);
  }
  figures.unshift([
    `worst p95 of the ${searchQueries.length} queries`,
    {
      value: worst.p95,
      unit: "ms",
      text: `${ms(worst.p95)} ms (${worst.query})`,
      isMet: worst.p95 < 50,
    },
  ]);
  return figures;
}

/** The campaign's audience: every confirmed subscriber, or past this many a segment of them. */
const CAMPAIGN_SEGMENT = 100_000;
const SEGMENT_TAG = "bench-segment";

/**
 * A draft campaign to every confirmed subscriber the data holds or, past 100,000 (scale 10
 * holds 800,000), to the first 100,000 of them, tagged "bench-segment" (once; kept data keeps
 * the tag). A new draft each run: a campaign is sent once.
 */
async function prepareCampaign(db: Db, scale: number): Promise<ScaleData["campaign"]> {
  const confirmed = await countAudience(db, []);
  const tags = confirmed > CAMPAIGN_SEGMENT ? [SEGMENT_TAG] : [];
  if (tags.length) {
    const tagged = await countAudience(db, tags);
    if (tagged < CAMPAIGN_SEGMENT)
      await db.execute(sql`
        update subscribers set tags = array_append(tags, ${SEGMENT_TAG})
        where id in (select id from subscribers
                     where status = 'confirmed' and not (${SEGMENT_TAG} = any(tags))
                     order by created_at, id limit ${CAMPAIGN_SEGMENT - tagged})`);
  }
  const { id } = await saveCampaign({
    db,
    input: {
      name: `Bench at scale ${scale}`,
      subject: "The bench at scale",
      body: "Hello **reader**.",
      audienceTags: tags.join(","),
    },
    actor: { id: "bench" },
  });
  return {
    id,
    audience: await countAudience(db, tags),
    who: tags.length ? `the "${SEGMENT_TAG}" segment` : "every confirmed subscriber",
  };
}

/**
 * The campaign prepared with the data, sent now as staff send it (the campaign screen's
 * "Send now") through the local SMTP server the product was started with, as bench/campaign.ts
 * sends one at scale 1: the mails the server received, the rate from its first mail to its
 * last, and how far the product's resident memory rose while sending (sampled every 50 ms).
 */
async function measureCampaign(context: ScaleContext): Promise<Array<[string, Figure]>> {
  const { product, cookie, sink } = context;
  const { id, audience, who } = context.data.campaign;
  const receivedBefore = sink.count();
  const received = () => sink.count() - receivedBefore;
  const before = residentMb(product.pid);
  let highest = before;
  const sampler = setInterval(() => {
    highest = Math.max(highest, residentMb(product.pid));
  }, 50);
  const scheduledAt = performance.now();
  let first = { at: 0, count: 0 };
  let last = { at: 0, count: 0 };
  try {
    const response = await fetch(`${product.url}/admin/campaigns/edit/${id}`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: product.url,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "schedule", when: "now" }),
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 302)
      throw new Error(`sending the campaign now answered ${response.status}`);
    // At 100 mails a second at least; the sink reports its count every half second.
    const deadline = Date.now() + Math.max(120_000, audience * 10);
    while (received() < audience && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = received();
      if (now > last.count) last = { at: performance.now(), count: now };
      if (!first.at && now > 0) first = last;
    }
  } finally {
    clearInterval(sampler);
  }
  // The job records the last deliveries and marks the campaign sent after the last mail left:
  // the next measure starts once it has, not beside that work on the embedded connection.
  const settleDeadline = Date.now() + 120_000;
  while (Date.now() < settleDeadline) {
    const page = await fetch(`${product.url}/admin/campaigns/edit/${id}`, {
      headers: { Cookie: cookie },
    }).then((response) => response.text());
    if (page.includes("State: sent")) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const sendingS = (last.at - first.at) / 1000;
  const rate = sendingS > 0 ? (last.count - first.count) / sendingS : 0;
  const growth = Math.max(0, highest - before);
  return [
    [
      "mails the SMTP server received",
      {
        value: last.count,
        unit: "mails",
        text: `${last.count.toLocaleString("en-US")} of ${audience.toLocaleString("en-US")} (${who}), first after ${((first.at - scheduledAt) / 1000).toFixed(1)} s`,
        isMet: last.count >= audience,
      },
    ],
    [
      "sending rate",
      {
        value: rate,
        unit: "mails/s",
        text: `${Math.round(rate)} mails/s (${last.count.toLocaleString("en-US")} in ${((last.at - scheduledAt) / 1000).toFixed(1)} s)`,
        isMet: rate >= 300,
      },
    ],
    [
      "resident memory growth while sending",
      {
        value: growth,
        unit: "MB",
        text: `${growth.toFixed(0)} MB (${before.toFixed(0)} -> ${highest.toFixed(0)})`,
        isMet: growth < 50,
      },
    ],
  ];
}

/** A sitemap file as a search engine fetches it (no cookie, so the page cache may answer). */
async function fetchSitemap(product: Product, target: string) {
  const startedAt = performance.now();
  const response = await fetch(`${product.url}${target}`, {
    headers: { "Accept-Encoding": BROWSER_ACCEPT_ENCODING },
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
  return {
    body,
    ms: performance.now() - startedAt,
    cache: response.headers.get("x-page-cache") ?? "not cached",
    locs: [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
      (match) => new URL(match[1].replaceAll("&amp;", "&")).pathname,
    ),
  };
}

/**
 * /sitemap.xml at the scale: past 50,000 addresses an index whose files each hold at most
 * 50,000 and together list every live insight and case study once (counted in SQL before the
 * product started; episodes have no page of their own, /podcasts lists them); below that one
 * sitemap, as the protocol wants. The time of the first fetch of the index and of its first
 * file (rendered; a page-cache miss also compresses the file for the cache) and of a second.
 */
async function measureSitemap(context: ScaleContext): Promise<Array<[string, Figure]>> {
  const { product, data } = context;
  const index = await fetchSitemap(product, "/sitemap.xml");
  const isIndex = index.body.includes("<sitemapindex");
  // One at a time, so the time of a file is its own.
  const files = [];
  for (const loc of isIndex ? index.locs : []) files.push(await fetchSitemap(product, loc));
  if (!isIndex) files.push(index);
  // The second request of the same address, which the page cache may answer.
  const indexAgain = await fetchSitemap(product, "/sitemap.xml");
  const urls = files.flatMap((file) => file.locs);
  const largest = Math.max(...files.map((file) => file.locs.length));
  const unique = new Set(urls);
  const listed = (prefix: string) => [...unique].filter((url) => url.startsWith(prefix)).length;
  const items = listed("/insights/") + listed("/case-studies/");
  const expected = data.live.insights + data.live.caseStudies;
  const figures: Array<[string, Figure]> = [
    [
      "/sitemap.xml",
      {
        value: files.length,
        unit: "files",
        text: isIndex
          ? `an index of ${files.length} files, ${urls.length.toLocaleString("en-US")} URLs (largest ${largest.toLocaleString("en-US")})`
          : `one sitemap of ${urls.length.toLocaleString("en-US")} URLs`,
        isMet: largest <= SITEMAP_URLS_PER_FILE,
      },
    ],
    [
      "live insights and case studies listed once",
      {
        value: items,
        unit: "URLs",
        text: `${items.toLocaleString("en-US")} of ${expected.toLocaleString("en-US")}${unique.size < urls.length ? `, ${urls.length - unique.size} twice` : ""}`,
        isMet: items === expected && unique.size === urls.length,
      },
    ],
    [
      "fetch /sitemap.xml",
      {
        value: index.ms,
        unit: "ms",
        text: `${ms(index.ms)} ms (${index.cache}), again ${ms(indexAgain.ms)} ms (${indexAgain.cache})`,
        isMet: true,
      },
    ],
  ];
  if (isIndex) {
    const again = await fetchSitemap(product, index.locs[0]);
    figures.push([
      "fetch one file of the index",
      {
        value: files[0].ms,
        unit: "ms",
        text: `${ms(files[0].ms)} ms (${files[0].cache}, ${index.locs[0]}, ${(files[0].body.length / 2 ** 20).toFixed(1)} MB), again ${ms(again.ms)} ms (${again.cache})`,
        isMet: true,
      },
    ]);
  }
  return figures;
}

/** Goals the other sections measure at scale; printed as not measured until they do. */
export const laterGoals: ScaleGoal[] = [
  {
    section: "Site search, /search one request at a time",
    goal: "p95 < 50 ms for every query",
    measure: measureSearch,
  },
  {
    section: "A campaign to 100,000 subscribers",
    goal: ">= 300 mails/s, memory growth < 50 MB",
    measure: measureCampaign,
  },
  {
    section: "CSV export of every subscriber, streamed",
    goal: "first bytes < 200 ms, memory growth < 50 MB",
    measure: measureExport,
  },
  {
    section: "Sitemap index past 50,000 URLs",
    goal: "files of <= 50,000 URLs listing every live item",
    measure: measureSitemap,
  },
];

type Measured = {
  /** How long `seedScale` took, or undefined when the data was seeded by an earlier run. */
  seed?: Figure;
  coldStart: Figure;
  goals: Array<{ goal: ScaleGoal; figures?: Array<[string, Figure]> }>;
  memory: Figure;
  peakMb: number;
  /** What the resident set after the load is made of (`memoryParts`). */
  parts: Array<[string, string]>;
};

/** The live items of each kind, as the site shows them. */
async function countLive(db: Db): Promise<ScaleData["live"]> {
  const live = async (table: typeof insights | typeof caseStudies | typeof podcastEpisodes) =>
    Number((await db.select({ n: count() }).from(table).where(isLive(table)))[0]?.n ?? 0);
  return {
    insights: await live(insights),
    caseStudies: await live(caseStudies),
    episodes: await live(podcastEpisodes),
  };
}

/** Seeds (or reuses) one scale's data for one engine; the product's first start made the schema. */
async function prepare(engine: Engine, scale: number) {
  const keep = process.env.BENCH_SCALE_DATA;
  const dataDir =
    engine === "PGlite" && keep
      ? path.join(keep, `scale-${scale}`)
      : mkdtempSync(path.join(tmpdir(), `frontier-bench-scale-${scale}-`));
  mkdirSync(dataDir, { recursive: true });
  const postgres = engine === "PostgreSQL" ? await createTempPostgresDatabase() : undefined;
  const options = { dataDir, databaseUrl: postgres?.url };
  const isSeeded = engine === "PGlite" && existsSync(path.join(dataDir, "db"));
  if (!isSeeded) {
    const first = await startProduct(options);
    await first.stop();
  }
  const database = await openDatabase(options);
  let targets: ListTargets[];
  let data: ScaleData;
  let seed: Figure | undefined;
  try {
    const [marker] = (
      await database.db.execute(sql`select 1 from settings where id = ${SCALE_SEED_MARKER}`)
    ).rows;
    if (!marker) {
      const startedAt = performance.now();
      await seedScale({
        db: database.db,
        scale,
        progress: (message) => process.stdout.write(`    [seed ${engine} x${scale}] ${message}\n`),
      });
      const seconds = (performance.now() - startedAt) / 1000;
      seed = { value: seconds, unit: "s", text: `${seconds.toFixed(1)} s`, isMet: seconds < 600 };
    }
    // The bench's staff member, also on data seeded by `npm run seed -- --scale=N`.
    await createStaffUser({ db: database.db }, { ...BENCH_STAFF, role: "admin" }).catch(() => {});
    targets = await listTargets(database.db);
    data = {
      live: await countLive(database.db),
      campaign: await prepareCampaign(database.db, scale),
    };
  } finally {
    await database.close();
  }
  return {
    options,
    targets,
    data,
    seed,
    async cleanUp() {
      await postgres?.drop();
      if (!(engine === "PGlite" && keep)) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measureScale(engine: Engine, scale: number): Promise<Measured> {
  const prepared = await prepare(engine, scale);
  // The SMTP server the campaign goes through, in its own process, for the whole run.
  const sinkDir = mkdtempSync(path.join(tmpdir(), "frontier-bench-scale-smtp-"));
  const sink = await startSink({ logFile: path.join(sinkDir, "received.txt") });
  try {
    const options = {
      ...prepared.options,
      env: { SMTP_URL: sink.url, CAMPAIGN_SEND_PER_MINUTE: "600000" },
    };
    const starts: number[] = [];
    let product = await startProduct(options);
    starts.push(product.readyMs);
    while (starts.length < COLD_STARTS) {
      await product.stop();
      product = await startProduct(options);
      starts.push(product.readyMs);
    }
    const coldMs = median(starts);
    try {
      const cookie = await signIn(product.url);
      const context: ScaleContext = {
        product,
        cookie,
        scale,
        engine,
        data: prepared.data,
        sink,
        async timeRequest(target) {
          const startedAt = performance.now();
          const response = await fetch(`${product.url}${target}`, {
            headers: { Cookie: cookie, "Accept-Encoding": BROWSER_ACCEPT_ENCODING },
            redirect: "manual",
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
          return performance.now() - startedAt;
        },
      };
      const today = new Date().toISOString().slice(0, 10);
      const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      const goals: ScaleGoal[] = [
        listGoal(() => prepared.targets),
        pageGoal("Dashboard", 50, () => "/admin"),
        pageGoal("Analytics, 365 days", 200, () => `/admin/analytics?from=${yearAgo}&to=${today}`),
        ...laterGoals,
      ];
      const measured: Measured["goals"] = [];
      // Progress as it goes: the table prints once both scales are measured, which at ten
      // times takes many minutes; a run cut short still shows how far it came.
      const progress = (text: string) =>
        process.stdout.write(`    [measure ${engine} x${scale}] ${text}\n`);
      progress(`cold start ${(coldMs / 1000).toFixed(2)} s`);
      for (const goal of goals) {
        progress(goal.section);
        measured.push({ goal, figures: await goal.measure(context) });
      }
      const goalMb = engine === "PGlite" ? 350 : 250;
      const rss = residentMb(product.pid);
      const parts = memoryParts(await product.memoryReport());
      return {
        seed: prepared.seed,
        coldStart: {
          value: coldMs / 1000,
          unit: "s",
          text: `${(coldMs / 1000).toFixed(2)} s (${starts.map((start) => (start / 1000).toFixed(2)).join(", ")})`,
          isMet: coldMs < 3000,
        },
        goals: measured,
        memory: { value: rss, unit: "MB", text: `${rss.toFixed(0)} MB`, isMet: rss <= goalMb },
        peakMb: peakResidentMb(product.pid),
        parts,
      };
    } finally {
      await product.stop();
    }
  } finally {
    await sink.stop();
    rmSync(sinkDir, { recursive: true, force: true });
    await prepared.cleanUp();
  }
}

const verdict = (figure: Figure) => (figure.isMet ? "met" : "MISSED");

/** Prints every goal at scale 1 and at `scale`, on each engine available. */
export async function scaleSection(out: (text: string) => void, scale: number) {
  const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["PGlite", "PostgreSQL"] : ["PGlite"];
  const onlyEngine = process.env.BENCH_SCALE_ENGINES?.split(",");
  for (const engine of engines.filter((name) => !onlyEngine || onlyEngine.includes(name))) {
    // BENCH_SCALE_BASE (default 1) only for trying the section out on small data.
    const baseScale = Number(process.env.BENCH_SCALE_BASE ?? 1);
    out(
      `\nGoals at scale ${scale} against scale ${baseScale}, ${engine} (the scale-${baseScale} figure beside each)`,
    );
    const base = await measureScale(engine, baseScale);
    const scaled = scale === 1 ? base : await measureScale(engine, scale);
    const row = (label: string, at1: Figure | undefined, atN: Figure | undefined) =>
      out(
        `  ${label.padEnd(44)} ${(atN ? `${atN.text}  ${verdict(atN)}` : "not measured").padEnd(40)} scale ${baseScale}: ${at1 ? `${at1.text}  ${verdict(at1)}` : "not measured"}`,
      );
    out("  Seeding, `npm run seed -- --scale=N` (goal < 10 min)");
    row("    every row, indexes and statistics", base.seed, scaled.seed);
    out("  Cold start (goal < 3 s)");
    row("    start on existing data -> first page", base.coldStart, scaled.coldStart);
    for (let index = 0; index < scaled.goals.length; index++) {
      const { goal, figures } = scaled.goals[index];
      const baseFigures = new Map(base.goals[index]?.figures ?? []);
      out(`  ${goal.section} (goal ${goal.goal})`);
      if (!figures) {
        out("    not measured by this section (its own section prints it)");
        continue;
      }
      for (const [label, figure] of figures) row(`    ${label}`, baseFigures.get(label), figure);
    }
    const goalMb = engine === "PGlite" ? 350 : 250;
    out(`  Resident memory after the load (goal <= ${goalMb} MB)`);
    row("    resident set", base.memory, scaled.memory);
    out(
      `    peak since start: ${scaled.peakMb.toFixed(0)} MB at scale ${scale}, ${base.peakMb.toFixed(0)} MB at scale ${baseScale}`,
    );
    for (const [at, measured] of [
      [scale, scaled],
      [baseScale, base],
    ].slice(0, scale === baseScale ? 1 : 2) as Array<[number, Measured]>) {
      out(`    at scale ${at}:`);
      for (const [label, value] of measured.parts) out(`  ${label.padEnd(44)} ${value}`);
    }
  }
}
