import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sampledEstimate } from "#server/business/list-query.ts";
import { subscribers, subscriberTags } from "#server/db/schema/content.ts";
import { AppError } from "#server/errors.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { csvCell, parseCsv } from "./csv";
import {
  addSubscriber,
  deleteSubscribers,
  exportSubscribersCsv,
  findSubscribers,
  findSubscriberTags,
  importSubscribers,
  previewSubscriberImport,
} from "./subscribers";

const actor = { id: "admin-1" };

describe("csv", () => {
  it("reads quotes, commas and line breaks inside quotes, and defuses formulas", () => {
    expect(parseCsv('email,name\r\n"a@x.com","Doe, Jane"\n\nb@x.com,"Say ""hi"""\n')).toEqual([
      { line: 1, cells: ["email", "name"] },
      { line: 2, cells: ["a@x.com", "Doe, Jane"] },
      { line: 4, cells: ["b@x.com", 'Say "hi"'] },
    ]);
    expect(csvCell("=HYPERLINK()")).toBe("'=HYPERLINK()");
  });
});

describeEachDatabase("subscribers", (get) => {
  const unique = () => randomUUID().slice(0, 8);

  it("pages a search's matches newest first, by cursor, none lost or repeated", async () => {
    const id = randomUUID().slice(0, 8);
    const base = Date.UTC(2026, 0, 1);
    await get()
      .db.insert(subscribers)
      .values(
        Array.from({ length: 7 }, (_, index) => ({
          email: `paged-${id}-${index}@example.com`,
          status: "confirmed" as const,
          source: "import",
          unsubscribeToken: `${id}-${index}`,
          // Two share a sign-up time: the id breaks the tie.
          createdAt: new Date(base + Math.min(index, 5) * 60_000),
        })),
      );
    const first = await findSubscribers({ db: get().db, q: `paged-${id}`, pageSize: 3 });
    const second = await findSubscribers({
      db: get().db,
      q: `paged-${id}`,
      pageSize: 3,
      after: first.nextCursor,
    });
    const third = await findSubscribers({
      db: get().db,
      q: `paged-${id}`,
      pageSize: 3,
      after: second.nextCursor,
    });
    const emails = [...first.rows, ...second.rows, ...third.rows].map((row) => row.email);
    expect(new Set(emails).size).toBe(7);
    expect(emails.slice(2)).toEqual([4, 3, 2, 1, 0].map((n) => `paged-${id}-${n}@example.com`));
    expect(third.nextCursor).toBeUndefined();
    const back = await findSubscribers({
      db: get().db,
      q: `paged-${id}`,
      pageSize: 3,
      before: second.previousCursor,
    });
    expect(back.rows.map((row) => row.email)).toEqual(emails.slice(0, 3));
  });

  it("finds each searched word from its start in the address or the name, the last one as typed", async () => {
    const id = unique();
    const rows = [
      { email: `jane.doe-${id}@acme.io`, name: "Jane Doe" },
      { email: `jdoe-${id}@other.example`, name: "José Núñez" },
      { email: `mary_${id}+news@acme.io`, name: null },
    ];
    await get()
      .db.insert(subscribers)
      .values(rows.map((row, index) => ({ ...row, unsubscribeToken: `words-${id}-${index}` })));
    const found = async (q: string) =>
      (await findSubscribers({ db: get().db, q: `${id} ${q}` })).rows
        .map((row) => row.email)
        .sort();
    const [jane, jose, mary] = rows.map((row) => row.email);
    // Words of the address, split at its punctuation, and of the name, in any case.
    expect(await found("jane acme")).toEqual([jane]);
    expect(await found("DOE")).toEqual([jane]);
    expect(await found("acme")).toEqual([jane, mary].sort());
    expect(await found("news")).toEqual([mary]);
    expect(await found("núñez")).toEqual([jose]);
    // The last word from its start, as it is being typed; the others whole.
    expect(await found("jane.doe@ac")).toEqual([jane]);
    expect(await found("ja")).toEqual([jane]);
    expect(await found("ja doe")).toEqual([]);
    // A word is found from its start, not from its middle.
    expect(await found("ane")).toEqual([]);
    expect(await found("doe-")).toEqual([jane]);
    // Punctuation alone is no search: the id still narrows to the three.
    expect(await found("@ %_ '\\")).toEqual(rows.map((row) => row.email).sort());
  });

  it("reads a search's matches through the words index, by the expression it was made on", async () => {
    const plan = await get().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`
        explain select id from subscribers
        where subscriber_words(email, name) @@ to_tsquery('simple', ${"'jane':*"})`);
      return result.rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain("subscribers_words_idx");
  });

  it("estimates a search's matches from a sample of the table, and counts a small table whole", async () => {
    const id = unique();
    await get()
      .db.insert(subscribers)
      .values(
        Array.from({ length: 4_000 }, (_, index) => ({
          email: `${index % 4 ? "other" : "sampled"}-${id}-${index}@example.com`,
          unsubscribeToken: `sampled-${id}-${index}`,
        })),
      );
    const words = sql`${subscribers.email} like ${`%-${id}-%`}`;
    const marked = sql`${subscribers.email} like ${`sampled-${id}-%`}`;
    const all = await sampledEstimate(get().db, subscribers, {
      cheap: words,
      exact: undefined,
      enough: 0,
    });
    const some = await sampledEstimate(get().db, subscribers, {
      cheap: words,
      exact: marked,
      enough: 0,
    });
    // 24 of the table's pages: within a third of the 4,000 and of the 1,000.
    expect(all).toBeGreaterThan(2_600);
    expect(all).toBeLessThan(5_400);
    expect(some).toBeGreaterThan(600);
    expect(some).toBeLessThan(1_400);
    // The same pages each time: the same estimate.
    expect(
      await sampledEstimate(get().db, subscribers, { cheap: words, exact: marked, enough: 0 }),
    ).toBe(some);
    // A table of no more pages than the sample is counted exactly.
    expect(
      await sampledEstimate(get().db, subscriberTags, {
        cheap: sql`${subscriberTags.tag} = ${`no-such-tag-${id}`}`,
        exact: undefined,
        enough: 0,
      }),
    ).toBe(0);
  });

  it("adds by hand, refusing a duplicate", async () => {
    const email = `Hand-${unique()}@Example.com`;
    await addSubscriber({ db: get().db, input: { email, name: "Hand", tags: "vip; beta" }, actor });
    const { rows } = await findSubscribers({ db: get().db, q: email.toLowerCase() });
    expect(rows[0]).toMatchObject({
      email: email.toLowerCase(),
      status: "confirmed",
      tags: ["vip", "beta"],
    });
    const error = await addSubscriber({ db: get().db, input: { email }, actor }).catch(
      (caught: unknown) => caught,
    );
    expect((error as AppError).code).toBe("CONFLICT");
  });

  it("reports bad lines one by one and imports nothing until they are fixed", async () => {
    const id = unique();
    const csv = `email,name,tags\nok-${id}@example.com,Ok,news\nnot-an-email,Bad,\n,Missing,\nok-${id}@example.com,,events\n`;
    const report = await previewSubscriberImport({ db: get().db, csv });
    expect(report.errors).toEqual([
      { line: 3, message: "“not-an-email” is not a valid email address." },
      { line: 4, message: "The email address is missing." },
    ]);
    expect(report.duplicateLines).toEqual([5]);
    expect(report.rows).toEqual([
      { line: 2, email: `ok-${id}@example.com`, name: "Ok", tags: ["news", "events"] },
    ]);
    const error = await importSubscribers({ db: get().db, csv, actor }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((await findSubscribers({ db: get().db, q: id })).total).toBe(0);
  });

  it("imports everything in one go, merging people already on the list", async () => {
    const id = unique();
    await addSubscriber({
      db: get().db,
      input: { email: `old-${id}@example.com`, tags: "vip" },
      actor,
    });
    await get()
      .db.update(subscribers)
      .set({ status: "unsubscribed" })
      .where(eq(subscribers.email, `old-${id}@example.com`));
    const csv = `Email,Name,Tags\nold-${id}@example.com,Old,news\nnew-${id}@example.com,New,news|beta\n`;
    const report = await importSubscribers({ db: get().db, csv, actor });
    expect(report).toMatchObject({ newCount: 1, existingCount: 1 });
    const { rows } = await findSubscribers({ db: get().db, q: id });
    const old = rows.find((row) => row.email.startsWith("old"));
    expect(old?.status).toBe("unsubscribed");
    expect(old?.tags.sort()).toEqual(["news", "vip"]);
    expect(rows.find((row) => row.email.startsWith("new"))?.status).toBe("confirmed");

    const csvOut = await exportSubscribersCsv({ db: get().db, q: id, tag: "beta" });
    expect(csvOut.split("\r\n")[1]).toMatch(
      new RegExp(`^new-${id}@example.com,New,news;beta,confirmed,import,`),
    );

    await deleteSubscribers({ db: get().db, ids: rows.map((row) => row.id), actor });
    expect((await findSubscribers({ db: get().db, q: id })).total).toBe(0);
  });

  it("counts each tag's subscribers as they are added, imported, retagged and deleted", async () => {
    const id = unique();
    const tag = (name: string) => `${name}-${id}`;
    const counts = async () => {
      const rows = await get().db.select().from(subscriberTags);
      return Object.fromEntries(
        rows.filter((row) => row.tag.endsWith(id)).map((row) => [row.tag, row.subscribers]),
      );
    };
    await addSubscriber({
      db: get().db,
      input: { email: `a-${id}@example.com`, tags: `${tag("vip")}; ${tag("beta")}` },
      actor,
    });
    const csv = `email,tags\nb-${id}@example.com,${tag("beta")}\nc-${id}@example.com,${tag("beta")}|${tag("news")}\n`;
    await importSubscribers({ db: get().db, csv, actor });
    expect(await counts()).toEqual({ [tag("vip")]: 1, [tag("beta")]: 3, [tag("news")]: 1 });
    // Most used first, in the list's menu.
    const menu = (await findSubscriberTags(get().db)).filter((name) => name.endsWith(id));
    expect(menu).toEqual([tag("beta"), tag("news"), tag("vip")]);

    await get()
      .db.update(subscribers)
      .set({ tags: [tag("news")] })
      .where(eq(subscribers.email, `a-${id}@example.com`));
    await get()
      .db.update(subscribers)
      .set({ status: "unsubscribed" })
      .where(eq(subscribers.email, `b-${id}@example.com`));
    expect(await counts()).toEqual({ [tag("beta")]: 2, [tag("news")]: 2 });

    const { rows } = await findSubscribers({ db: get().db, q: id });
    await deleteSubscribers({ db: get().db, ids: rows.map((row) => row.id), actor });
    expect(await counts()).toEqual({});
  });
});

describeEachDatabase("a search found in nearly every subscriber (decision 828)", (get) => {
  /** The list's page for `q`, and the order its page query was read in. */
  async function listed(q: string) {
    const { db } = get();
    // Each query made with `db.select(…).from(…)`, as it stands once the list has read it.
    const selects: Array<{ toSQL(): { sql: string } }> = [];
    const watched = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== "select") return Reflect.get(target, key, receiver);
        return (...args: Parameters<typeof db.select>) => {
          const builder = target.select(...args);
          return {
            from(...from: Parameters<typeof builder.from>) {
              const query = builder.from(...from);
              selects.push(query);
              return query;
            },
          };
        };
      },
    });
    const result = await findSubscribers({ db: watched, q, pageSize: 10 });
    const read = selects
      .map((select) => select.toSQL().sql)
      .find((text) => / order by /.test(text));
    return { result, order: read?.split(" order by ")[1] };
  }

  it("walks the sign-up order for it, and reads a rarer search's matches and sorts them", async () => {
    const { db } = get();
    const base = Date.UTC(2026, 0, 1);
    // 3,000 addresses with the word "dense", then the 40 newest without it: 98.7 %.
    await db.insert(subscribers).values(
      Array.from({ length: 3_000 }, (_, index) => ({
        email: `dense-${index}@example.com`,
        unsubscribeToken: `dense-${index}`,
        createdAt: new Date(base + index * 1_000),
      })),
    );
    await db.insert(subscribers).values(
      Array.from({ length: 40 }, (_, index) => ({
        email: `rare-${index}@elsewhere.org`,
        unsubscribeToken: `rare-${index}`,
        createdAt: new Date(base + (3_000 + index) * 1_000),
      })),
    );
    await db.execute(sql`analyze subscribers`);

    const dense = await listed("dense");
    expect(dense.order).not.toMatch(/coalesce/);
    expect(dense.result.rows.map((row) => row.email)).toEqual(
      Array.from({ length: 10 }, (_, index) => `dense-${2_999 - index}@example.com`),
    );
    // A rarer search: its matches read through the words index, then sorted.
    const rare = await listed("rare");
    expect(rare.order).toMatch(/^coalesce/);
    expect(rare.result).toMatchObject({ total: 40, totalIsEstimate: false });
    expect(rare.result.rows[0].email).toBe("rare-39@elsewhere.org");
    // "ample" is inside every example.com address but starts no word: the sample tries the
    // search itself, and finds it rare.
    const ample = await listed("ample");
    expect(ample.order).toMatch(/^coalesce/);
    expect(ample.result.total).toBe(0);
  });
});
