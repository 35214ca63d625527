import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { proposalVisits } from "#server/db/schema/analytics.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import { sendBeacon, startAnalyticsServer } from "#tests/helpers/analytics.ts";
import { mailEnv, makeClient, makeProposal, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { getProposalEngagement, recordProposalView } from "./proposal-engagement";

const visitKey = (label: string) => `${label}-${"k".repeat(20)}`;

describeEachDatabase("proposal engagement", (get) => {
  let server: Awaited<ReturnType<typeof startAnalyticsServer>>;
  beforeAll(async () => {
    server = await startAnalyticsServer(get());
  });
  afterAll(() => server?.close());

  async function sentProposal() {
    const { db } = get();
    const client = await makeClient(db);
    const proposal = await makeProposal(db, client.id);
    await sendProposal({ db, env: mailEnv, actor: staff, id: proposal.id });
    return proposal;
  }

  it("adds up visits and seconds per section; repeated or late reports change nothing", async () => {
    const { db } = get();
    const proposal = await sentProposal();
    const start = new Date("2026-03-10T10:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const report = (key: string, seconds: number, sections: Record<string, number>) =>
      recordProposalView({
        db,
        publicId: proposal.publicId,
        visitKey: visitKey(key),
        sections,
        now: at(seconds),
      });

    expect(await report("first", 0, {})).toBe(true);
    expect(await report("first", 60, { scope: 40_000, investment: 15_000 })).toBe(true);
    // The same totals again, and an older, smaller report arriving late.
    await report("first", 61, { scope: 40_000, investment: 15_000 });
    await report("first", 62, { scope: 20_000 });
    // A second visit the next hour; a section it claims longer than the visit is cut.
    await report("second", 3600, {});
    await report("second", 3610, { scope: 3_600_000, terms: 5_000, secrets: 99 });

    const engagement = await getProposalEngagement({ db, proposalId: proposal.id });
    expect(engagement).toMatchObject({ visits: 2, firstViewedAt: start, lastViewedAt: at(3610) });
    expect(
      Object.fromEntries(engagement.sections.map((row) => [row.section, row.seconds])),
    ).toEqual({ scope: 40 + 40, approach: 0, timeline: 0, investment: 15, terms: 5 });
  });

  it("counts nothing for a draft, an unknown link or a made-up visit key", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const draft = await makeProposal(db, client.id);
    expect(
      await recordProposalView({
        db,
        publicId: draft.publicId,
        visitKey: visitKey("a"),
        sections: {},
      }),
    ).toBe(false);
    expect(
      await recordProposalView({
        db,
        publicId: "x".repeat(32),
        visitKey: visitKey("a"),
        sections: {},
      }),
    ).toBe(false);
    const proposal = await sentProposal();
    expect(
      await recordProposalView({
        db,
        publicId: proposal.publicId,
        visitKey: "short",
        sections: {},
      }),
    ).toBe(false);
    expect(await getProposalEngagement({ db, proposalId: draft.id })).toMatchObject({ visits: 0 });
  });

  it("takes the client's reports over HTTP; staff views and bad reports are not counted", async () => {
    const { db } = get();
    const proposal = await sentProposal();
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      sendBeacon(server.url, body, { address: "192.0.2.30", path: "/api/proposal-view", headers });
    const body = {
      proposal: proposal.publicId,
      visit: visitKey("http"),
      sections: { scope: 2000 },
    };

    expect((await post(body, { Cookie: "frontier.session=staff" })).status).toBe(204);
    expect(
      await db.select().from(proposalVisits).where(eq(proposalVisits.proposalId, proposal.id)),
    ).toEqual([]);

    expect((await post(body)).status).toBe(204);
    expect((await post({ ...body, visit: "../../x" })).status).toBe(400);
    expect((await post({ ...body, proposal: "y".repeat(32) })).status).toBe(404);
    expect((await post({ ...body, sections: { scope: -5 } })).status).toBe(400);
    expect((await post("{oops")).status).toBe(400);
    const visits = await db
      .select()
      .from(proposalVisits)
      .where(eq(proposalVisits.proposalId, proposal.id));
    expect(visits).toHaveLength(1);
  });
});
