// Run: npx tsx bench/search.ts (npm run bench runs it as the section "search")
//
// Seeds 10,000 published items (6,000 insights, 2,500 case studies, 1,500 episodes, with
// articles of about 400 words: one in eight from an agency's vocabulary, the rest a long
// tail of made-up words, and one word every item has) into a temporary database, builds the search index and
// prints the median and 95th percentile of the site search's answer on the server, for a
// few kinds of query. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. It
// prints figures only; the goal is an answer under 50 ms.
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "#server/db/client.ts";
import { caseStudies, insights, podcastEpisodes } from "#server/db/schema/content.ts";
import { setLogLevel } from "#server/log.ts";
import { rebuildSearchIndex } from "#server/search/index-sync.ts";
import { searchSite } from "#server/search/query.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { searchQueries } from "./search-queries";

const INSIGHTS = 6_000;
const CASE_STUDIES = 2_500;
const EPISODES = 1_500;
const RUNS = 40;
const BATCH = 250;

const vocabulary = `the a of and to in for with on our we you team product platform design designing
designer system systems kubernetes cluster cost budget cloud migration architecture architect
service services api apis latency throughput database postgres index query search ranking
mobile app apps offline sync ios android release store review crash analytics metrics
machine learning model models evaluation dataset retrieval prompt assistant agent review
brand identity typography colour interface research usability accessibility audit
virtual reality augmented headset training simulation spatial rendering frame rate
delivery velocity precision partnership sprint backlog estimate risk rollout incident
observability logging tracing alert runbook on-call security compliance privacy consent
payment invoice billing subscription marketplace portal dashboard report export import
customer client stakeholder onboarding workshop discovery prototype iteration feedback
performance budget bundle cache edge server rendering hydration component state form
testing contract integration unit end-to-end flaky pipeline preview environment deploy
legacy rewrite refactor monolith modular boundary domain event queue job worker retry`
  .split(/\s+/)
  .filter(Boolean);

/** A small seeded generator, so every run searches the same text. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "do", "fe", "gi"];
/** Made-up words for the rest of the text, used with a long tail like real prose. */
const filler = Array.from({ length: 20_000 }, (_, index) => {
  let word = "";
  for (let rest = index + 200, count = 0; count < 4; count++, rest = Math.floor(rest / 13))
    word += syllables[rest % 13];
  return word;
});

/** About one word in eight is from the agency's vocabulary, the rest from the long tail. */
function words(next: () => number, count: number) {
  return Array.from({ length: count }, () =>
    next() < 0.12
      ? vocabulary[Math.floor(next() * vocabulary.length)]
      : filler[Math.floor(filler.length * next() ** 3)],
  ).join(" ");
}

function paragraphs(next: () => number, count: number) {
  return Array.from({ length: count }, () => words(next, 40 + Math.floor(next() * 40))).join(
    "\n\n",
  );
}

async function seed(database: Database) {
  const { db } = database;
  const next = random(42);
  const publishedAt = (index: number) => new Date(Date.now() - (index + 1) * 3_600_000);
  for (let start = 0; start < INSIGHTS; start += BATCH)
    await db.insert(insights).values(
      Array.from({ length: Math.min(BATCH, INSIGHTS - start) }, (_, offset) => {
        const index = start + offset;
        return {
          slug: `bench-insight-${index}`,
          title: words(next, 6),
          // One word every item has: the worst case, where the whole index matches.
          excerpt: `Engineering notes: ${words(next, 25)}`,
          body: `## ${words(next, 4)}\n\n${paragraphs(next, 6)}`,
          author: "Bench Author",
          tags: [vocabulary[index % vocabulary.length]],
          status: "published" as const,
          publishedAt: publishedAt(index),
        };
      }),
    );
  for (let start = 0; start < CASE_STUDIES; start += BATCH)
    await db.insert(caseStudies).values(
      Array.from({ length: Math.min(BATCH, CASE_STUDIES - start) }, (_, offset) => {
        const index = start + offset;
        return {
          slug: `bench-case-${index}`,
          title: words(next, 7),
          client: `Client ${index}`,
          industry: "Logistics",
          summary: `Engineering story: ${words(next, 30)}`,
          challenge: paragraphs(next, 2),
          solution: paragraphs(next, 2),
          results: paragraphs(next, 1),
          status: "published" as const,
          publishedAt: publishedAt(index),
        };
      }),
    );
  for (let start = 0; start < EPISODES; start += BATCH)
    await db.insert(podcastEpisodes).values(
      Array.from({ length: Math.min(BATCH, EPISODES - start) }, (_, offset) => {
        const index = start + offset;
        return {
          slug: `bench-episode-${index}`,
          title: words(next, 6),
          showNotes: `Engineering talk. ${paragraphs(next, 3)}`,
          status: "published" as const,
          publishedAt: publishedAt(index),
        };
      }),
    );
  await rebuildSearchIndex(db);
  await db.execute(sql`analyze`);
}

async function measure(database: Database) {
  for (const [label, text] of searchQueries) {
    const [query, page] = text.split("|");
    const work = () => searchSite({ db: database.db, query, page: Number(page ?? 1) });
    const first = await work();
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      await work();
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)];
    const p95 = samples[Math.ceil(samples.length * 0.95) - 1];
    console.log(
      `  ${`${label} “${query}”`.padEnd(52)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   (${first.total}${first.more ? "+" : ""} hits${first.suggestion ? `; did you mean “${first.suggestion}”` : ""})`,
    );
  }
}

async function run(kind: "PGlite" | "PostgreSQL") {
  const temp = kind === "PostgreSQL" ? await createTempPostgresDatabase() : undefined;
  const database = await openDatabase({ databaseUrl: temp?.url });
  try {
    const startedAt = performance.now();
    await seed(database);
    console.log(
      `${kind}: seeded and indexed ${INSIGHTS + CASE_STUDIES + EPISODES} items in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    await measure(database);
  } finally {
    await database.close();
    await temp?.drop();
  }
}

async function main() {
  setLogLevel("warn");
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} (figures grow with load)`,
  );
  await run("PGlite");
  if (process.env.TEST_DATABASE_URL) await run("PostgreSQL");
  else console.log("(set TEST_DATABASE_URL to time PostgreSQL as well)");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
