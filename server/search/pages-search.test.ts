import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { searchWords } from "#server/db/schema/search.ts";
import {
  createPage,
  deletePage,
  publishPage,
  unpublishPage,
  updatePage,
} from "#server/pages/pages.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { rebuildSearchIndex } from "./index-sync";
import { searchSite } from "./query";

const actor = { id: "admin-1", name: "Ada Admin" };

describeEachDatabase("pages built from blocks in the site search", (get) => {
  const pathsFor = async (query: string) =>
    (await searchSite({ db: get().db, query })).items.map((item) => item.path);

  it("finds a live page by its title, SEO description and block text; edits re-index", async () => {
    const database = get();
    const page = await createPage({
      database,
      actor,
      input: {
        path: "/spring-audit",
        title: "Quokkaspring audit",
        seoDescription: "Wombatfold review of your platform",
        blocks: [
          { type: "hero", title: "A spring audit", lead: "Numbatvale checks every release." },
          {
            type: "faqList",
            items: [{ question: "How long?", answer: "Two **bilbyzest** weeks." }],
          },
        ],
      },
    });
    // A draft is not searchable.
    expect(await pathsFor("quokkaspring")).toEqual([]);

    const live = await publishPage({ database, actor, id: page.id });
    for (const word of ["quokkaspring", "wombatfold", "numbatvale", "bilbyzest"])
      expect(await pathsFor(word), word).toEqual(["/spring-audit"]);
    const [hit] = (await searchSite({ db: database.db, query: "quokkaspring" })).items;
    expect(hit).toMatchObject({ kind: "page", title: "Quokkaspring audit" });

    // An edit replaces the words: the old one leaves, the new one is found.
    const edited = await updatePage({
      database,
      actor,
      id: page.id,
      expectedVersion: live.version,
      input: {
        path: "/spring-audit",
        title: "Quokkaspring audit",
        seoDescription: "Wombatfold review of your platform",
        blocks: [{ type: "hero", title: "A spring audit", lead: "Dingoquill checks it all." }],
      },
    });
    expect(await pathsFor("numbatvale")).toEqual([]);
    expect(await pathsFor("dingoquill")).toEqual(["/spring-audit"]);
    const words = await database.db
      .select()
      .from(searchWords)
      .where(eq(searchWords.word, "numbatvale"));
    expect(words).toEqual([]);

    // Hidden from search engines: out of the site search too.
    const hidden = await updatePage({
      database,
      actor,
      id: page.id,
      expectedVersion: edited.version,
      input: {
        path: "/spring-audit",
        title: "Quokkaspring audit",
        blocks: edited.blocks,
        isNoindex: true,
      },
    });
    expect(await pathsFor("quokkaspring")).toEqual([]);
    await updatePage({
      database,
      actor,
      id: page.id,
      expectedVersion: hidden.version,
      input: { path: "/spring-audit", title: "Quokkaspring audit", blocks: edited.blocks },
    });
    expect(await pathsFor("quokkaspring")).toEqual(["/spring-audit"]);

    // Unpublished: gone; a rebuild of the whole index agrees.
    await unpublishPage({ database, actor, id: page.id });
    expect(await pathsFor("quokkaspring")).toEqual([]);
    await publishPage({ database, actor, id: page.id });
    await rebuildSearchIndex(database.db);
    expect(await pathsFor("dingoquill")).toEqual(["/spring-audit"]);

    await deletePage({ database, actor, id: page.id });
    expect(await pathsFor("dingoquill")).toEqual([]);
  });
});
