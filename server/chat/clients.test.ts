import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { clients } from "#server/db/schema/clients.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findClientChoices } from "./clients";

describeEachDatabase("chat client choices", (get) => {
  it("lists the first clients by name, and the linked one wherever it sorts", async () => {
    // Names that sort before anything else the database holds.
    const prefix = `!!${randomUUID().slice(0, 8)}`;
    const rows = await get()
      .db.insert(clients)
      .values(["a", "b", "c"].map((letter) => ({ company: `${prefix} ${letter}` })))
      .returning({ id: clients.id, company: clients.company });
    const [first, second, third] = rows.sort((a, b) => a.company.localeCompare(b.company));
    const names = (choices: Array<{ company: string }>) => choices.map((choice) => choice.company);
    expect(names(await findClientChoices(get().db, { limit: 2 }))).toEqual([
      first.company,
      second.company,
    ]);
    expect(names(await findClientChoices(get().db, { limit: 2, linkedId: third.id }))).toEqual([
      first.company,
      second.company,
      third.company,
    ]);
    expect(await findClientChoices(get().db, { limit: 2, linkedId: first.id })).toHaveLength(2);
  });
});
