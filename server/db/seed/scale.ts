import { performance } from "node:perf_hooks";
import { eq, type SQL, sql } from "drizzle-orm";
import { addDays, utcDay } from "#server/analytics/daily-salt.ts";
import { RAW_EVENT_DAYS, rollupDay } from "#server/analytics/rollup.ts";
import { renderCaseStudy, renderInsight } from "#server/content/rendered.ts";
import type { Db } from "#server/db/client.ts";
import { settings } from "#server/db/schema/settings.ts";
import { markdownToPlainText } from "#server/search/documents.ts";
import { ensureSearchIndex, recountSearchWords } from "#server/search/index-sync.ts";

/**
 * `npm run seed -- --scale=N`: an agency's data at N times the bench's size, written with
 * set-based inserts (INSERT … SELECT generate_series) in chunks, so that ten times the data
 * fills the embedded database in minutes (decision 745). `--scale=1` is the bench's data set:
 * 2,000 clients and 10,000 invoices (the rows `bench/admin-lists.ts` times) and 10,000
 * published insights, case studies and episodes.
 */

/** Rows per statement: large enough to be set-based, small enough to report progress. */
const CHUNK = 50_000;
/** The marker that says a database already holds scaled data (the seed adds it once). */
export const SCALE_SEED_MARKER = "seed-scale";
/** How many body texts the seeded content shares (rendered once each, in JavaScript). */
const TEXT_VARIANTS = 200;

/** How many rows of each kind `--scale=N` writes (at least one of each). */
export function scaleCounts(scale: number) {
  const times = (base: number) => Math.max(1, Math.round(base * scale));
  return {
    clients: times(2_000),
    contacts: times(4_000),
    // An agency's invoices outgrow its clients: five a client at scale 1, ten at scale 10
    // (10,000 and 200,000), so the count grows as scale^log10(20).
    invoices: Math.max(1, Math.round(10_000 * scale ** Math.log10(20))),
    proposals: times(2_000),
    projects: times(500),
    milestonesPerProject: 4,
    insights: times(6_000),
    caseStudies: times(2_500),
    episodes: times(1_500),
    subscribers: times(100_000),
    pageViewsPerDay: times(3_000),
    pageViewDays: 365,
    conversations: times(5_000),
    messagesPerConversation: 10,
  };
}

export type ScaleCounts = ReturnType<typeof scaleCounts>;

/** Reads `--scale=N` (a positive number, at most 100) from the command's arguments. */
export function scaleFromArgs(args: string[]): number | undefined {
  const value = args.find((arg) => arg.startsWith("--scale="))?.slice("--scale=".length);
  if (value === undefined) return undefined;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 100)
    throw new Error(`--scale must be a number above 0 and at most 100, not "${value}"`);
  return scale;
}

type Progress = (message: string) => void;

/** Seconds since `startedAt` (a `performance.now()`), as the progress lines print them. */
const secondsSince = (startedAt: number) =>
  `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;

/** Runs one step of the seed and reports it with how long it took. */
async function timed<T>(progress: Progress, label: (result: T) => string, work: () => Promise<T>) {
  const startedAt = performance.now();
  const result = await work();
  progress(`${label(result)} in ${secondsSince(startedAt)}`);
  return result;
}

/**
 * Runs a bulk insert into `table` with its GIN indexes (trigram and full-text) set aside and
 * made again after: one index build costs a fraction of a million index insertions (fastupdate
 * is off on them, decision 732, so each insertion updates the index at once). Reports how long
 * the build took.
 */
async function withoutGinIndexes(
  db: Db,
  progress: Progress,
  table: string,
  work: () => Promise<void>,
) {
  const found = await db.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i join pg_class c on c.relname = i.indexname join pg_am a on a.oid = c.relam
    where i.schemaname = current_schema() and i.tablename = ${table} and a.amname = 'gin'`);
  const indexes = found.rows as Array<{ name: string; definition: string }>;
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  try {
    await work();
  } finally {
    if (indexes.length)
      await timed(
        progress,
        () =>
          `${table}: ${indexes.length} search ${indexes.length === 1 ? "index" : "indexes"} built`,
        async () => {
          for (const index of indexes) await db.execute(sql.raw(index.definition));
        },
      );
  }
}

/** A small seeded generator, so every run writes the same text. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const vocabulary = `team product platform design designing designer system kubernetes cluster cost
budget cloud migration architecture service api latency throughput database postgres index
query search ranking mobile app offline sync release review analytics metrics machine learning
model evaluation dataset retrieval prompt assistant brand identity typography interface
research usability accessibility audit delivery velocity sprint backlog estimate risk rollout
incident observability logging tracing security compliance privacy payment invoice billing
subscription portal dashboard report customer client onboarding workshop discovery prototype
feedback performance cache edge rendering component testing pipeline deploy legacy refactor`
  .split(/\s+/)
  .filter(Boolean);
const syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "do", "fe", "gi"];

function textMaker(seed: number) {
  const next = random(seed);
  const word = () =>
    next() < 0.3
      ? vocabulary[Math.floor(next() * vocabulary.length)]
      : Array.from(
          { length: 2 + Math.floor(next() * 2) },
          () => syllables[Math.floor(next() * 13)],
        ).join("");
  const words = (count: number) => Array.from({ length: count }, word).join(" ");
  const paragraphs = (count: number) =>
    Array.from({ length: count }, () => `${words(30 + Math.floor(next() * 30))}.`).join("\n\n");
  return { words, paragraphs };
}

/** The shared texts, each with the HTML the renderer stores beside it (decision 705). */
function contentTexts() {
  const { words, paragraphs } = textMaker(42);
  const insights = Array.from({ length: TEXT_VARIANTS }, () => {
    const body = `## ${words(4)}\n\n${paragraphs(3)}`;
    return { body, plain: markdownToPlainText(body), ...renderInsight({ body }) };
  });
  const cases = Array.from({ length: TEXT_VARIANTS }, () => {
    const source = { challenge: paragraphs(1), solution: paragraphs(2), results: paragraphs(1) };
    return { ...source, ...renderCaseStudy(source) };
  });
  const notes = Array.from({ length: TEXT_VARIANTS }, () => `Engineering talk. ${paragraphs(2)}`);
  const titles = Array.from({ length: TEXT_VARIANTS }, () => words(5));
  return { insights, cases, notes, titles };
}

/** A text[] literal for SQL (`(${array})[1 + n % k]` picks one). */
const textArray = (values: string[]) =>
  sql`(${`{${values.map((value) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`}::text[])`;

/**
 * Runs `insert(from, to)` for 1-based row numbers in chunks of CHUNK, reporting each; the
 * statement numbers its rows with generate_series(from, to).
 */
async function inChunks(
  db: Db,
  progress: Progress,
  label: string,
  total: number,
  insert: (from: number, to: number) => SQL,
  chunk = CHUNK,
) {
  const startedAt = performance.now();
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    await db.execute(insert(from, to));
    if (total > chunk)
      progress(`  ${label}: ${to.toLocaleString("en")} of ${total.toLocaleString("en")}`);
  }
  progress(`${label}: ${total.toLocaleString("en")} in ${secondsSince(startedAt)}`);
}

/**
 * Adds scaled data to a database (on top of the demo content, which it lays down first when
 * missing): clients with contacts, invoices with payments, proposals, projects with
 * milestones, published content in the search index, subscribers, a year of page views as
 * the product keeps them, chat conversations with messages. Refuses a database that already
 * holds scaled data. Returns the counts it wrote.
 */
export async function seedScale({
  db,
  scale,
  progress = () => {},
  now = new Date(),
}: {
  db: Db;
  scale: number;
  progress?: Progress;
  now?: Date;
}) {
  const [marker] = await db.select().from(settings).where(eq(settings.id, SCALE_SEED_MARKER));
  if (marker)
    throw new Error(
      `this database already holds scaled data (scale ${String(marker.value.scale)}); seed an empty one`,
    );
  const counts = scaleCounts(scale);
  const startedAt = performance.now();
  // The index of the demo content, so that a start does not rebuild it from every item.
  await ensureSearchIndex(db);
  const businessTables = ["clients", "client_contacts", "invoices", "proposals", "projects"];
  const seedBusiness = businessTables.reduce(
    (work, table) => () => withoutGinIndexes(db, progress, table, work),
    () => seedBusinessRows(db, counts, progress),
  );
  await seedBusiness();
  await withoutGinIndexes(db, progress, "search_documents", () =>
    withoutGinIndexes(db, progress, "search_document_pairs", () =>
      seedContentRows(db, counts, progress),
    ),
  );
  // Its documents went in by SQL: the typo rules' word list is counted from them.
  await timed(
    progress,
    (words) => `search words: ${words.toLocaleString("en-US")} counted`,
    () => recountSearchWords(db),
  );
  await seedSubscriberRows(db, counts, progress);
  await seedPageViews(db, counts, progress, now);
  await seedChatRows(db, counts, progress);
  await timed(
    progress,
    () => "analyze (the planner's statistics)",
    () => db.execute(sql`analyze`),
  );
  await db
    .insert(settings)
    .values({ id: SCALE_SEED_MARKER, value: { scale, seededAt: now.toISOString() } });
  progress(`done in ${secondsSince(startedAt)}`);
  return counts;
}

async function seedBusinessRows(db: Db, counts: ScaleCounts, progress: Progress) {
  const { clients, invoices } = counts;
  // Named as the bench's admin-list rows always were: "Company 00042 <md5>", over ten years.
  await inChunks(
    db,
    progress,
    "clients",
    clients,
    (from, to) => sql`
    insert into clients (company, billing_address, currency, notes, created_at, updated_at)
    select 'Company ' || lpad(n::text, 5, '0') || ' ' || md5(n::text), 'Street ' || n,
           (array['USD','EUR','GBP'])[1 + n % 3], '',
           now() - make_interval(days => (${clients} - n) * 3650 / ${clients}),
           now() - make_interval(days => (${clients} - n) * 3650 / ${clients})
    from generate_series(${from}::int, ${to}::int) as n`,
  );
  // The scaled clients numbered in order, for the rows that belong to them.
  await db.execute(sql`drop table if exists scale_clients`);
  await db.execute(sql`
    create table scale_clients as
    select row_number() over (order by company)::int as k, id, currency from clients
    where company ~ '^Company [0-9]{5} [0-9a-f]{32}$'`);
  await db.execute(sql`create unique index on scale_clients (k)`);
  await inChunks(
    db,
    progress,
    "contacts",
    counts.contacts,
    (from, to) => sql`
    insert into client_contacts (client_id, name, email, is_primary, position)
    select c.id, 'Contact ' || n, 'contact' || n || '@example.com', n <= ${clients}, (n - 1) / ${clients}
    from generate_series(${from}::int, ${to}::int) as n
    join scale_clients c on c.k = 1 + (n - 1) % ${clients}`,
  );
  // As an agency's books look: invoices of the last 90 days in every state, older ones paid
  // (one in fifty void).
  await inChunks(
    db,
    progress,
    "invoices",
    invoices,
    (from, to) => sql`
    insert into invoices (number, client_id, status, currency, issue_date, due_date, subtotal, tax_total, total, amount_paid, sent_at, paid_at)
    select 'INV-' || (2020 + n % 7) || '-B' || lpad(n::text, 6 - (${invoices} < 100000)::int, '0'),
           c.id, i.status, c.currency, d.issued, d.issued + 14,
           100000 + n, 20000, 120000 + n,
           case i.status when 'paid' then 120000 + n when 'partially_paid' then (120000 + n) / 2 else 0 end,
           case when i.status <> 'draft' then d.issued::timestamptz end,
           case when i.status = 'paid' then (d.issued + 10)::timestamptz end
    from generate_series(${from}::int, ${to}::int) as n
    join scale_clients c on c.k = 1 + n % ${clients}
    cross join lateral (select current_date - ((${invoices} - n)::bigint * 3650 / ${invoices})::int as issued) d
    cross join lateral (select case
      when d.issued >= current_date - 90 then (array['draft','sent','partially_paid','paid','overdue','void'])[1 + n % 6]
      when n % 50 = 0 then 'void' else 'paid' end as status) i`,
  );
  await timed(
    progress,
    () => "payments: one for each paid or partly paid invoice",
    () =>
      db.execute(sql`
    insert into payments (invoice_id, client_id, amount, currency, paid_on, method)
    select id, client_id, amount_paid, currency, issue_date + 10, 'bank_transfer'
    from invoices where amount_paid > 0 and number ~ '^INV-[0-9]{4}-B[0-9]+$'`),
  );
  await inChunks(
    db,
    progress,
    "proposals",
    counts.proposals,
    (from, to) => sql`
    insert into proposals (public_id, title, client_id, scope, currency, valid_until, status, total, sent_at, created_at, updated_at)
    select 'scale-' || md5('proposal' || n), 'Proposal ' || n || ' for ' || (array['a platform','a mobile app','a redesign','an audit','a migration'])[1 + n % 5],
           c.id, 'The scope of proposal ' || n || '.', c.currency, current_date + 30,
           case when n > ${counts.proposals} * 0.975 then (array['draft','sent','viewed','accepted','declined','expired','withdrawn'])[1 + n % 7]
                else (array['accepted','declined','expired','withdrawn'])[1 + n % 4] end,
           500000 + n * 10,
           case when n % 7 <> 0 then least(now(), now() - make_interval(days => (${counts.proposals} - n) * 3650 / ${counts.proposals}) + interval '1 day') else null end,
           now() - make_interval(days => (${counts.proposals} - n) * 3650 / ${counts.proposals}),
           now() - make_interval(days => (${counts.proposals} - n) * 3650 / ${counts.proposals})
    from generate_series(${from}::int, ${to}::int) as n
    join scale_clients c on c.k = 1 + n % ${clients}`,
  );
  await inChunks(
    db,
    progress,
    "projects",
    counts.projects,
    (from, to) => sql`
    insert into projects (onboarding_id, name, client_id, status, start_date, due_date, budget_amount, currency, created_at, updated_at)
    select 'scale-' || md5('project' || n), 'Project ' || n || ': ' || (array['Platform','Mobile app','Redesign','Data pipeline','Portal'])[1 + n % 5],
           c.id, case when n > ${counts.projects} * 0.9 then (array['onboarding','active','on_hold','completed','cancelled'])[1 + n % 5]
                      else (array['completed','completed','completed','cancelled'])[1 + n % 4] end,
           current_date - ((${counts.projects} - n) * 3650 / ${counts.projects}),
           current_date - ((${counts.projects} - n) * 3650 / ${counts.projects}) + 120,
           2000000 + n, c.currency,
           now() - make_interval(days => (${counts.projects} - n) * 3650 / ${counts.projects}),
           now() - make_interval(days => (${counts.projects} - n) * 3650 / ${counts.projects})
    from generate_series(${from}::int, ${to}::int) as n
    join scale_clients c on c.k = 1 + n % ${clients}`,
  );
  await timed(
    progress,
    () => `milestones: ${counts.milestonesPerProject} for each project`,
    () =>
      db.execute(sql`
    insert into project_milestones (project_id, position, title, due_date, is_done, done_at)
    select p.id, m, (array['Discovery','Design','Build','Launch'])[m + 1], p.start_date + (m + 1) * 30,
           p.status = 'completed' or p.start_date + (m + 1) * 30 < current_date,
           case when p.status = 'completed' or p.start_date + (m + 1) * 30 < current_date then now() end
    from projects p cross join generate_series(0, ${counts.milestonesPerProject - 1}) as m
    where p.onboarding_id like 'scale-%'`),
  );
  await db.execute(sql`drop table scale_clients`);
}

async function seedContentRows(db: Db, counts: ScaleCounts, progress: Progress) {
  const texts = contentTexts();
  const k = TEXT_VARIANTS;
  const titles = textArray(texts.titles);
  // Published over the last ten years, the newest an hour ago.
  const publishedAt = (total: number) =>
    sql`now() - make_interval(hours => (1 + (n - 1)::bigint * 87600 / ${total})::int)`;
  const insightBodies = textArray(texts.insights.map((text) => text.body));
  const insightPlain = textArray(texts.insights.map((text) => text.plain));
  const insightHtml = textArray(texts.insights.map((text) => text.bodyHtml));
  const minutes = sql`(${`{${texts.insights.map((text) => text.readingMinutes).join(",")}}`}::int[])`;
  const version = texts.insights[0].renderedVersion;
  await inChunks(
    db,
    progress,
    "insights",
    counts.insights,
    (from, to) => sql`
    insert into insights (slug, title, excerpt, body, body_html, reading_minutes, rendered_version, author, tags, status, published_at, created_at, updated_at)
    select 'scale-insight-' || n, initcap(${titles}[1 + n % ${k}]) || ' ' || n,
           'Engineering notes: ' || ${titles}[1 + (n * 7) % ${k}],
           ${insightBodies}[1 + n % ${k}], ${insightHtml}[1 + n % ${k}], ${minutes}[1 + n % ${k}], ${version},
           'Scale Author', array[(array['design','engineering','strategy','data'])[1 + n % 4]],
           'published', ${publishedAt(counts.insights)}, ${publishedAt(counts.insights)}, ${publishedAt(counts.insights)}
    from generate_series(${from}::int, ${to}::int) as n`,
    10_000,
  );
  const pick = (field: "challenge" | "solution" | "results") => ({
    source: textArray(texts.cases.map((text) => text[field])),
    html: textArray(texts.cases.map((text) => text[`${field}Html`])),
  });
  const [challenge, solution, results] = [pick("challenge"), pick("solution"), pick("results")];
  await inChunks(
    db,
    progress,
    "case studies",
    counts.caseStudies,
    (from, to) => sql`
    insert into case_studies (slug, title, client, industry, summary, challenge, solution, results,
                              challenge_html, solution_html, results_html, rendered_version, status, published_at, created_at, updated_at)
    select 'scale-case-' || n, initcap(${titles}[1 + (n * 3) % ${k}]) || ' ' || n, 'Client ' || n,
           (array['Logistics','Finance','Health','Retail'])[1 + n % 4],
           'Engineering story: ' || ${titles}[1 + (n * 11) % ${k}],
           ${challenge.source}[1 + n % ${k}], ${solution.source}[1 + n % ${k}], ${results.source}[1 + n % ${k}],
           ${challenge.html}[1 + n % ${k}], ${solution.html}[1 + n % ${k}], ${results.html}[1 + n % ${k}], ${version},
           'published', ${publishedAt(counts.caseStudies)}, ${publishedAt(counts.caseStudies)}, ${publishedAt(counts.caseStudies)}
    from generate_series(${from}::int, ${to}::int) as n`,
    10_000,
  );
  const notes = textArray(texts.notes);
  await inChunks(
    db,
    progress,
    "episodes",
    counts.episodes,
    (from, to) => sql`
    insert into podcast_episodes (slug, title, show_notes, kind, audio_url, audio_bytes, audio_type, duration_seconds, season, episode, status, published_at, created_at, updated_at)
    select 'scale-episode-' || n, initcap(${titles}[1 + (n * 5) % ${k}]) || ' ' || n, ${notes}[1 + n % ${k}],
           'audio', '/media/scale-episode-' || n || '.mp3', 24000000, 'audio/mpeg', 1800 + n % 1800,
           1 + n / 100, 1 + n % 100,
           'published', ${publishedAt(counts.episodes)}, ${publishedAt(counts.episodes)}, ${publishedAt(counts.episodes)}
    from generate_series(${from}::int, ${to}::int) as n`,
    10_000,
  );
  // The site search's documents, as server/search/documents.ts makes them for these rows, and
  // their word pairs, given in the same statement so the insert trigger leaves them (migration
  // 0042): a body's pairs are computed once for each of the few texts, and only the title's and
  // summary's for each page.
  const bodies = [
    ...texts.insights.map((text) => text.plain),
    ...texts.cases.map((text) => `${text.challenge} ${text.solution} ${text.results}`),
    ...texts.notes,
  ];
  await db.execute(sql`drop table if exists scale_body_pairs`);
  await db.execute(sql`
    create table scale_body_pairs as
    select body, search_word_pairs('english', body) as pairs
    from (select distinct body from unnest(${textArray(bodies)}) as body) as distinct_bodies`);
  const index = async (label: string, total: number, select: (from: number, to: number) => SQL) =>
    inChunks(
      db,
      progress,
      label,
      total,
      (from, to) => sql`
      with documents as (
        insert into search_documents (kind, ref_id, path, title, summary, keywords, body, published_at)
        ${select(from, to)}
        returning id, title, summary, keywords, body
      )
      insert into search_document_pairs (document_id, pairs)
      select d.id, search_word_pairs('english', d.title, d.summary || ' ' || d.keywords)
        || coalesce(p.pairs, search_word_pairs('english', d.body))
      from documents d left join scale_body_pairs p on p.body = d.body`,
      10_000,
    );
  await index(
    "search index: insights",
    counts.insights,
    (from, to) => sql`
    select 'insight', id::text, '/insights/' || slug, title, excerpt, array_to_string(tags, ', ') || ', ' || author,
           ${insightPlain}[1 + substr(slug, 15)::int % ${k}], published_at
    from insights where slug in (select 'scale-insight-' || n from generate_series(${from}::int, ${to}::int) as n)`,
  );
  await index(
    "search index: case studies",
    counts.caseStudies,
    (from, to) => sql`
    select 'case-study', id::text, '/case-studies/' || slug, title, summary, client || ', ' || industry,
           challenge || ' ' || solution || ' ' || results, published_at
    from case_studies where slug in (select 'scale-case-' || n from generate_series(${from}::int, ${to}::int) as n)`,
  );
  await index(
    "search index: episodes",
    counts.episodes,
    (from, to) => sql`
    select 'episode', id::text, '/podcasts#' || slug, title, '', '', show_notes, published_at
    from podcast_episodes where slug in (select 'scale-episode-' || n from generate_series(${from}::int, ${to}::int) as n)`,
  );
  await db.execute(sql`drop table scale_body_pairs`);
}

async function seedSubscriberRows(db: Db, counts: ScaleCounts, progress: Progress) {
  await withoutGinIndexes(db, progress, "subscribers", () =>
    insertSubscribers(db, counts, progress),
  );
}

async function insertSubscribers(db: Db, counts: ScaleCounts, progress: Progress) {
  const total = counts.subscribers;
  await inChunks(
    db,
    progress,
    "subscribers",
    total,
    (from, to) => sql`
    insert into subscribers (email, name, status, tags, source, unsubscribe_token, created_at, confirmed_at, unsubscribed_at)
    select 'subscriber' || n || '@example.com', 'Subscriber ' || n,
           s.status, case when n % 5 = 0 then array['customers'] else array[]::text[] end,
           (array['website','import','website','chat'])[1 + n % 4], md5('unsubscribe' || n),
           now() - make_interval(mins => ((${total} - n)::bigint * 5256000 / ${total})::int),
           case when s.status <> 'pending' then now() - make_interval(mins => ((${total} - n)::bigint * 5256000 / ${total})::int) end,
           case when s.status = 'unsubscribed' then now() end
    from generate_series(${from}::int, ${to}::int) as n
    cross join lateral (select case when n % 100 < 80 then 'confirmed' when n % 100 < 85 then 'pending'
                                     when n % 100 < 97 then 'unsubscribed' else 'bounced' end as status) s`,
    100_000,
  );
}

/**
 * A year of page views as the product keeps them: daily figures per dimension for every day,
 * raw events only for the days it keeps raw (RAW_EVENT_DAYS), rolled up by the product's own
 * rollup, so those days' figures are what it would have made.
 */
async function seedPageViews(db: Db, counts: ScaleCounts, progress: Progress, now: Date) {
  const perDay = counts.pageViewsPerDay;
  const today = utcDay(now);
  const firstRawDay = addDays(today, 1 - RAW_EVENT_DAYS);
  const firstDay = addDays(today, 1 - counts.pageViewDays);
  // Older days: the rollup's rows, made in SQL with the same shares the raw events have.
  await timed(
    progress,
    () => `page views: daily figures for ${counts.pageViewDays - RAW_EVENT_DAYS} days`,
    () =>
      db.execute(sql`
    with days as (
      select d::date as day, (${perDay} * (0.8 + 0.4 * ((extract(doy from d)::int * 37) % 100) / 100.0))::int as views
      from generate_series(${firstDay}::date, ${addDays(firstRawDay, -1)}::date, interval '1 day') as d
    ), shares(dimension, value, share) as (
      values ('total', '', 1.0)
      union all select 'page', p, 1.0 / 64 from (
        select case when i = 0 then '/' when i < 40 then '/insights/scale-insight-' || i
                    when i < 56 then '/case-studies/scale-case-' || i else '/services' || i end
        from generate_series(0, 63) as i) as pages(p)
      union all select 'referrer', r, 0.1 from unnest(array['', 'google.com', 'duckduckgo.com', 'news.ycombinator.com',
        'linkedin.com', 'x.com', 'github.com', 'reddit.com', 'bing.com', 'mastodon.social']) as r
      union all select 'utm_source', s, 0.05 from unnest(array['newsletter', 'linkedin', 'podcast']) as s
      union all select 'utm_medium', m, 0.075 from unnest(array['email', 'social']) as m
      union all select 'utm_campaign', c, 0.03 from unnest(array['spring', 'launch', 'webinar', 'digest', 'hiring']) as c
      union all select 'device', v, w from (values ('desktop', 0.6), ('mobile', 0.35), ('tablet', 0.05)) as dv(v, w)
      union all select 'country', c, 1.0 / 20 from unnest(array['', 'US', 'GB', 'DE', 'FR', 'NL', 'CA', 'AU', 'SE', 'ES',
        'IT', 'PL', 'IN', 'BR', 'JP', 'IE', 'DK', 'NO', 'FI', 'CH']) as c
      union all select 'episode', 'scale-episode-' || i, 0.002 from generate_series(1, 20) as i
    )
    insert into analytics_daily (day, dimension, value, views, visitors)
    select days.day, shares.dimension, shares.value, greatest(1, (days.views * shares.share)::int),
           greatest(1, (days.views * shares.share * 0.6)::int)
    from days cross join shares`),
  );
  // The kept days: raw events, then the product's rollup.
  await timed(
    progress,
    () =>
      `page views: ${(perDay * RAW_EVENT_DAYS).toLocaleString("en")} raw events for the last ${RAW_EVENT_DAYS} days, rolled up`,
    async () => {
      for (let offset = 0; offset < RAW_EVENT_DAYS; offset++) {
        const day = addDays(firstRawDay, offset);
        await db.execute(sql`
      insert into analytics_events (occurred_at, day, kind, path, episode, referrer_host, utm_source, utm_medium, utm_campaign, device, country, visitor_hash)
      select ${day}::date + make_interval(secs => n::float8 * 86399 / ${perDay}), ${day}::date,
             case when n % 50 = 0 then 'play' else 'view' end,
             case when n % 64 = 0 then '/' when n % 64 < 40 then '/insights/scale-insight-' || n % 64
                  when n % 64 < 56 then '/case-studies/scale-case-' || n % 64 else '/services' || n % 64 end,
             case when n % 50 = 0 then 'scale-episode-' || 1 + n % 20 end,
             (array[null, 'google.com', 'duckduckgo.com', 'news.ycombinator.com', 'linkedin.com', 'x.com',
                    'github.com', 'reddit.com', 'bing.com', 'mastodon.social'])[1 + n % 10],
             case when n % 20 = 1 then (array['newsletter', 'linkedin', 'podcast'])[1 + n % 3] end,
             case when n % 20 = 1 then (array['email', 'social'])[1 + n % 2] end,
             case when n % 20 = 1 then (array['spring', 'launch', 'webinar', 'digest', 'hiring'])[1 + n % 5] end,
             (array['desktop', 'desktop', 'mobile', 'desktop', 'mobile', 'tablet', 'desktop', 'mobile', 'desktop', 'mobile'])[1 + n % 10],
             (array['US', 'GB', 'DE', 'FR', 'NL', 'CA', 'AU', 'SE', 'ES', 'IT'])[1 + n % 10],
             md5(${day}::text || (n % ${Math.max(1, Math.round(perDay * 0.6))}))
      from generate_series(1, ${perDay}) as n`);
        await rollupDay(db, day);
      }
    },
  );
}

async function seedChatRows(db: Db, counts: ScaleCounts, progress: Progress) {
  const total = counts.conversations;
  const perConversation = counts.messagesPerConversation;
  await inChunks(
    db,
    progress,
    "chat conversations",
    total,
    (from, to) => sql`
    insert into chat_conversations (visitor_id, visitor_name, visitor_email, status, last_seq, last_message_at,
                                    last_message_preview, last_message_author, created_at, updated_at)
    select 'scale-visitor-' || n, 'Visitor ' || n, 'visitor' || n || '@example.com',
           case when n > ${total} - 20 then 'open' else 'closed' end, ${perConversation},
           now() - make_interval(mins => ((${total} - n)::bigint * 525600 / ${total})::int),
           'Thanks, that answers it.', 'visitor',
           now() - make_interval(mins => ((${total} - n)::bigint * 525600 / ${total})::int + 30),
           now() - make_interval(mins => ((${total} - n)::bigint * 525600 / ${total})::int)
    from generate_series(${from}::int, ${to}::int) as n`,
  );
  await inChunks(
    db,
    progress,
    `chat messages (${perConversation} each) for conversations`,
    total,
    (from, to) => sql`
    insert into chat_messages (conversation_id, seq, author, staff_name, body, created_at)
    select c.id, s, case when s % 2 = 1 then 'visitor' else 'staff' end,
           case when s % 2 = 0 then 'Support' end,
           case when s = ${perConversation} then 'Thanks, that answers it.' else 'Message ' || s || ' about the project estimate.' end,
           c.last_message_at - make_interval(mins => ${perConversation} - s)
    from chat_conversations c cross join generate_series(1, ${perConversation}) as s
    where c.visitor_id in (select 'scale-visitor-' || n from generate_series(${from}::int, ${to}::int) as n)`,
    10_000,
  );
}
