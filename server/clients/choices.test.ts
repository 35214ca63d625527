import { expect, it } from "vitest";
import { clients } from "#server/db/schema/clients.ts";
import { uniqueSuffix } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findClientChoices, searchClientChoices } from "./choices";

describeEachDatabase("client choices", (get) => {
  it("lists every client while they fit, else the first by name and the chosen one wherever it sorts", async () => {
    const { db } = get();
    const suffix = uniqueSuffix();
    await db
      .insert(clients)
      .values(["a", "b", "c"].map((letter) => ({ company: `Choice ${suffix} ${letter}` })));
    const every = (await findClientChoices(db, { limit: 1_000_000 })).choices;
    const total = every.length;
    expect(total).toBeGreaterThanOrEqual(3);
    const names = (choices: Array<{ company: string }>) => choices.map((choice) => choice.company);

    const fitting = await findClientChoices(db, { limit: total });
    expect(fitting.complete).toBe(true);
    expect(names(fitting.choices)).toEqual(names(every));

    const cut = await findClientChoices(db, { limit: total - 1 });
    expect(cut.complete).toBe(false);
    expect(names(cut.choices)).toEqual(names(every.slice(0, total - 1)));

    const last = every[total - 1];
    const withChosen = await findClientChoices(db, { limit: 1, selectedId: last.id });
    expect(withChosen.complete).toBe(false);
    expect(names(withChosen.choices)).toEqual([every[0].company, last.company]);
    // The chosen one among the first is listed once.
    const firstChosen = await findClientChoices(db, { limit: 2, selectedId: every[0].id });
    expect(names(firstChosen.choices)).toEqual(names(every.slice(0, 2)));
  });

  it("searches company names for the text anywhere (a word's start when short), in any case, by name, at most the limit", async () => {
    const { db } = get();
    const token = `Qx${uniqueSuffix()}`;
    await db
      .insert(clients)
      .values([
        { company: `${token} Charlie`, currency: "EUR" },
        { company: `Alpha ${token.toUpperCase()}` },
        { company: `Bravo ${token.toLowerCase()} Labs` },
        { company: "Percent 100% Club" },
      ]);
    const found = await searchClientChoices(db, { search: `  ${token.toLowerCase()} ` });
    expect(found.map((choice) => choice.company)).toEqual([
      `Alpha ${token.toUpperCase()}`,
      `Bravo ${token.toLowerCase()} Labs`,
      `${token} Charlie`,
    ]);
    expect(found[2].currency).toBe("EUR");
    expect(await searchClientChoices(db, { search: token, limit: 2 })).toHaveLength(2);
    // LIKE's wildcards are taken literally.
    expect((await searchClientChoices(db, { search: "0% c" })).map((c) => c.company)).toEqual([
      "Percent 100% Club",
    ]);
    expect(await searchClientChoices(db, { search: `${token}_` })).toEqual([]);
    // One or two characters are the start of a word (decision 826), wildcards literal too.
    const short = async (search: string) =>
      (await searchClientChoices(db, { search, limit: 1000 })).map((c) => c.company);
    expect(await short("10")).toContain("Percent 100% Club");
    expect(await short("0%")).not.toContain("Percent 100% Club");
    expect(await short("%")).not.toContain("Percent 100% Club");
  });
});
