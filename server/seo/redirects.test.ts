import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { saveInsight } from "#server/content-admin/insights.ts";
import { AppError } from "#server/errors.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { createRedirect, deleteRedirect, loadRedirectTable } from "./redirects";

const actor = { id: "admin-1" };

async function refusal(work: Promise<unknown>) {
  const error = await work.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).message;
}

describeEachDatabase("redirect manager", (get) => {
  it("adds one-hop redirects and refuses loops, chains and product paths", async () => {
    const base = `/r-${randomUUID().slice(0, 6)}`;
    const created = await createRedirect({
      database: get(),
      input: { fromPath: `${base}/old/`, toPath: `${base}/new`, status: "301" },
      actor,
    });
    expect(created).toMatchObject({ fromPath: `${base}/old`, toPath: `${base}/new`, status: 301 });
    expect(
      await refusal(
        createRedirect({
          database: get(),
          input: { fromPath: `${base}/a`, toPath: `${base}/a`, status: 301 },
          actor,
        }),
      ),
    ).toMatch(/itself/);
    expect(
      await refusal(
        createRedirect({
          database: get(),
          input: { fromPath: `${base}/new`, toPath: `${base}/old`, status: 301 },
          actor,
        }),
      ),
    ).toMatch(/loop/);
    expect(
      await refusal(
        createRedirect({
          database: get(),
          input: { fromPath: `${base}/x`, toPath: `${base}/old`, status: 302 },
          actor,
        }),
      ),
    ).toMatch(/chain/);
    expect(
      await refusal(
        createRedirect({
          database: get(),
          input: { fromPath: `${base}/new`, toPath: "/faq", status: 301 },
          actor,
        }),
      ),
    ).toMatch(/chain/);
    expect(
      await refusal(
        createRedirect({
          database: get(),
          input: { fromPath: "/admin/x", toPath: "/faq", status: 301 },
          actor,
        }),
      ),
    ).toMatch(/correct/);
    expect(
      await refusal(
        createRedirect({
          database: get(),
          input: { fromPath: `${base}/y`, toPath: "/faq", status: 307 },
          actor,
        }),
      ),
    ).toMatch(/correct/);

    // The same redirect twice, or a second one from the same path, is refused with a message.
    expect(
      await refusal(
        createRedirect({
          database: get(),
          input: { fromPath: `${base}/old`, toPath: `${base}/new`, status: "301" },
          actor,
        }),
      ),
    ).toBe(`This redirect already exists: ${base}/old → ${base}/new (301).`);
    expect(
      await refusal(
        createRedirect({
          database: get(),
          input: { fromPath: `${base}/old`, toPath: "/faq", status: "302" },
          actor,
        }),
      ),
    ).toBe(
      `${base}/old already redirects to ${base}/new. Delete that redirect first to send it elsewhere.`,
    );

    const table = await loadRedirectTable(get().db);
    expect(table.get(`${base}/old`)).toEqual({ to: `${base}/new`, status: 301 });
    await deleteRedirect({ database: get(), id: created.id, actor });
    expect((await loadRedirectTable(get().db)).has(`${base}/old`)).toBe(false);
  });

  it("includes the old slugs of live insights", async () => {
    const slug = `moved-${randomUUID().slice(0, 6)}`;
    const input = { title: "T", slug, excerpt: "E", body: "B", author: "A", status: "published" };
    const saved = await saveInsight({ database: get(), input, actor });
    await saveInsight({
      database: get(),
      id: saved.id,
      input: { ...input, slug: `${slug}-2` },
      actor,
    });
    expect((await loadRedirectTable(get().db)).get(`/insights/${slug}`)).toEqual({
      to: `/insights/${slug}-2`,
      status: 301,
    });
    // A managed redirect from that old address would duplicate the automatic one.
    expect(
      await refusal(
        createRedirect({
          database: get(),
          input: { fromPath: `/insights/${slug}`, toPath: "/insights", status: "301" },
          actor,
        }),
      ),
    ).toMatch(new RegExp(`already redirects to /insights/${slug}-2`));
    await saveInsight({
      database: get(),
      id: saved.id,
      input: { ...input, slug: `${slug}-2`, status: "draft" },
      actor,
    });
    expect((await loadRedirectTable(get().db)).has(`/insights/${slug}`)).toBe(false);
  });

  it("takes a source with one query parameter, as old WordPress addresses have", async () => {
    const id = randomUUID().slice(0, 6);
    const created = await createRedirect({
      database: get(),
      input: { fromPath: `/?p=${id}`, toPath: "/insights", status: "301" },
      actor,
    });
    expect(created.fromPath).toBe(`/?p=${id}`);
    expect((await loadRedirectTable(get().db)).get(`/?p=${id}`)).toEqual({
      to: "/insights",
      status: 301,
    });
    const error = await createRedirect({
      database: get(),
      input: { fromPath: "/?a=1&b=2", toPath: "/insights", status: "301" },
      actor,
    }).catch((caught: unknown) => caught);
    expect((error as AppError).fieldErrors?.fromPath?.[0]).toMatch(/at most one query parameter/);
  });
});
