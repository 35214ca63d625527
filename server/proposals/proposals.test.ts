import { and, eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { extractPdfText } from "#server/business/pdf.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { onboardingResponses, projects } from "#server/db/schema/projects.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { AppError } from "#server/errors.ts";
import { mailEnv, makeClient, makeProposal, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { acceptProposal, declineProposal } from "./acceptance";
import { updateProposal } from "./editing";
import { renderProposalPdf } from "./pdf";
import { getProposal } from "./queries";
import { expireProposals, sendProposal, withdrawProposal } from "./sending";
import { viewProposal } from "./viewing";

describeEachDatabase("proposals", (get) => {
  async function sentProposal(overrides = {}) {
    const { db } = get();
    const client = await makeClient(db);
    const proposal = await makeProposal(db, client.id, overrides);
    await sendProposal({ db, env: mailEnv, actor: staff, id: proposal.id });
    return { client, proposal };
  }

  it("keeps the one-off total in minor units, with discount and tax", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const proposal = await makeProposal(db, client.id, {
      discountKind: "amount",
      discountValue: 50_000,
    });
    // 5,000.00 design - 500.00 discount, 20 % tax on 4,500.00; hosting is recurring and apart.
    expect(proposal.total).toBe(450_000 + 90_000);
  });

  it("mails the client a link to the unguessable public page, with the PDF", async () => {
    const { db } = get();
    const { proposal } = await sentProposal();
    expect(proposal.publicId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [mail] = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.subject, `Proposal: ${proposal.title}`));
    expect(mail.text).toContain(`http://frontier.test/proposal/${proposal.publicId}`);
    const pdf = await renderProposalPdf((await getProposal({ db, id: proposal.id }))!);
    expect(extractPdfText(pdf)).toContain("$6,000.00");
  });

  it("records the first view once and tells staff", async () => {
    const { db } = get();
    const { proposal } = await sentProposal();
    const first = await viewProposal({ db, env: mailEnv, publicId: proposal.publicId });
    expect(first).toMatchObject({ status: "viewed" });
    expect(first?.firstViewedAt).toBeInstanceOf(Date);
    const again = await viewProposal({ db, env: mailEnv, publicId: proposal.publicId });
    expect(again?.firstViewedAt?.getTime()).toBe(first?.firstViewedAt?.getTime());
    const notices = await db
      .select()
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.to, "staff@frontier.test"),
          eq(mailMessages.subject, `Proposal opened: ${proposal.title}`),
        ),
      );
    expect(notices).toHaveLength(1);
    expect(await viewProposal({ db, env: mailEnv, publicId: "x".repeat(32) })).toBeUndefined();
  });

  it("accepting starts the work: snapshot, project, onboarding and deposit invoice", async () => {
    const { db } = get();
    const { proposal } = await sentProposal();
    const result = await acceptProposal({
      db,
      env: mailEnv,
      publicId: proposal.publicId,
      fullName: "  Ada   Lovelace ",
      hasAgreed: true,
      address: "203.0.113.9",
    });
    expect(result.proposal).toMatchObject({
      status: "accepted",
      acceptedName: "Ada Lovelace",
      acceptedAddress: "203.0.113.9",
    });
    expect(result.proposal.acceptedSnapshot?.totals).toMatchObject({
      total: 600_000,
      deposit: 180_000,
    });
    expect(result.project).toMatchObject({
      status: "onboarding",
      proposalId: proposal.id,
      budgetAmount: 600_000,
    });
    expect(result.project.onboardingId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [onboarding] = await db
      .select()
      .from(onboardingResponses)
      .where(eq(onboardingResponses.projectId, result.project.id));
    expect(onboarding).toBeDefined();
    expect(result.deposit).toMatchObject({
      kind: "deposit",
      status: "sent",
      total: 180_000,
      projectId: result.project.id,
    });
    const actions = await db
      .select({ action: auditEvents.action, area: auditEvents.area })
      .from(auditEvents)
      .where(eq(auditEvents.address, "203.0.113.9"));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "accept", area: "proposals" },
        { action: "create", area: "projects" },
        { action: "create", area: "invoices" },
      ]),
    );
    const welcome = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.subject, `Welcome aboard: ${proposal.title}`));
    expect(welcome[0].text).toContain(`/onboarding/${result.project.onboardingId}`);
    await expect(
      updateProposal({ db, actor: staff, id: proposal.id, input: {} as never }),
    ).rejects.toThrow(/accepted/);
  });

  it("accepts all or nothing: a failing deposit invoice leaves no project behind", async () => {
    const { db } = get();
    const { proposal, client } = await sentProposal();
    // An invoice number taken outside the counter makes the deposit invoice fail.
    await db.insert(invoices).values({
      number: "INV-2050-0001",
      clientId: client.id,
      currency: "USD",
      issueDate: "2050-06-01",
      dueDate: "2050-06-15",
    });
    await expect(
      acceptProposal({
        db,
        env: mailEnv,
        publicId: proposal.publicId,
        fullName: "Ada",
        hasAgreed: true,
        address: "x",
        today: "2050-06-01",
      }),
    ).rejects.toThrow();
    const [after] = await db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(after.status).toBe("sent");
    expect(after.acceptedSnapshot).toBeNull();
    expect(
      await db.select().from(projects).where(eq(projects.proposalId, proposal.id)),
    ).toHaveLength(0);
  });

  it("refuses to accept an expired proposal, with a clear message", async () => {
    const { db } = get();
    const { proposal } = await sentProposal({ validUntil: "2030-01-31" });
    const error = await acceptProposal({
      db,
      env: mailEnv,
      publicId: proposal.publicId,
      fullName: "Ada Lovelace",
      hasAgreed: true,
      address: "x",
      today: "2030-02-01",
    }).catch((caught) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe("This proposal has expired. Please ask us for an updated one.");
    expect(await expireProposals({ db, today: "2030-02-01" })).toBeGreaterThanOrEqual(1);
    const [after] = await db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(after.status).toBe("expired");
  });

  it("refuses an answer without a signature, a withdrawn one, and a second answer", async () => {
    const { db } = get();
    const { proposal } = await sentProposal();
    await expect(
      acceptProposal({
        db,
        env: mailEnv,
        publicId: proposal.publicId,
        fullName: "",
        hasAgreed: true,
        address: "x",
      }),
    ).rejects.toThrow(/full name/);
    await expect(
      acceptProposal({
        db,
        env: mailEnv,
        publicId: proposal.publicId,
        fullName: "Ada",
        hasAgreed: false,
        address: "x",
      }),
    ).rejects.toThrow(/agree to the terms/);
    await declineProposal({
      db,
      env: mailEnv,
      publicId: proposal.publicId,
      reason: "Budget moved",
      address: "x",
    });
    await expect(
      acceptProposal({
        db,
        env: mailEnv,
        publicId: proposal.publicId,
        fullName: "Ada",
        hasAgreed: true,
        address: "x",
      }),
    ).rejects.toThrow(/declined/);
    const [declined] = await db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(declined).toMatchObject({ status: "declined", declineReason: "Budget moved" });
    const staffMail = await db
      .select()
      .from(mailMessages)
      .where(like(mailMessages.subject, `Proposal declined: ${proposal.title}`));
    expect(staffMail[0].text).toContain("Budget moved");

    const { proposal: other } = await sentProposal();
    await withdrawProposal({ db, actor: staff, id: other.id });
    await expect(
      acceptProposal({
        db,
        env: mailEnv,
        publicId: other.publicId,
        fullName: "Ada",
        hasAgreed: true,
        address: "x",
      }),
    ).rejects.toThrow(/withdrawn/);
  });

  it("refuses an acceptance of a version the client did not see", async () => {
    const { db } = get();
    const { proposal } = await sentProposal();
    await expect(
      acceptProposal({
        db,
        env: mailEnv,
        publicId: proposal.publicId,
        fullName: "Ada",
        hasAgreed: true,
        address: "x",
        version: "2000-01-01T00:00:00.000Z",
      }),
    ).rejects.toThrow(/updated while you were reading/);
  });
});
