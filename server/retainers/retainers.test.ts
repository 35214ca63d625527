import { and, asc, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { addDays, todayIso } from "#server/business/dates.ts";
import { getClientTimeline } from "#server/clients/timeline.ts";
import type { Db } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { clientContacts } from "#server/db/schema/clients.ts";
import { invoiceItems, invoices } from "#server/db/schema/invoices.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { retainerPeriods } from "#server/db/schema/retainers.ts";
import { createJobRunner } from "#server/jobs/queue.ts";
import { createProject } from "#server/projects/projects.ts";
import type { RetainerInput } from "#shared/business/retainer-form.ts";
import { makeClient, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { portalEnv } from "#tests/helpers/portal.ts";
import { issueRetainerInvoices } from "./issuing";
import { addMonths, periodAt } from "./periods";
import { RETAINER_AUDIT_AREA, RETAINER_ISSUE_JOB } from "./records";
import {
  changeRetainer,
  createRetainer,
  endRetainer,
  getProjectRetainer,
  pauseRetainer,
  resumeRetainer,
} from "./retainers";

const env = portalEnv;

async function retainerProject(db: Db, input: Partial<RetainerInput> = {}, today = "2026-01-01") {
  const client = await makeClient(db, { currency: input.currency ?? "USD" });
  const project = await createProject({
    db,
    actor: staff,
    input: {
      name: `Care plan ${Math.random().toString(36).slice(2, 7)}`,
      clientId: client.id,
      proposalId: null,
      status: "active",
      startDate: null,
      dueDate: null,
      budgetAmount: 0,
      currency: input.currency ?? "USD",
      teamMembers: [],
      milestones: [],
    },
  });
  const retainer = await createRetainer({
    db,
    actor: staff,
    projectId: project.id,
    today,
    input: {
      amount: 250_000,
      currency: "USD",
      period: "month",
      startDate: "2026-01-01",
      issueDay: 1,
      paymentTermsDays: 14,
      description: "Monthly support",
      ...input,
    },
  });
  return { client, project, retainer };
}

/** The retainer's invoices with their lines, oldest period first. */
async function invoicesOf(db: Db, retainerId: string) {
  const periods = await db
    .select()
    .from(retainerPeriods)
    .where(eq(retainerPeriods.retainerId, retainerId))
    .orderBy(asc(retainerPeriods.periodStart));
  const ids = periods.flatMap((period) => (period.invoiceId ? [period.invoiceId] : []));
  const rows = ids.length ? await db.select().from(invoices).where(inArray(invoices.id, ids)) : [];
  const items = ids.length
    ? await db.select().from(invoiceItems).where(inArray(invoiceItems.invoiceId, ids))
    : [];
  return periods.map((period) => {
    const invoice = rows.find((row) => row.id === period.invoiceId);
    return {
      periodStart: period.periodStart,
      status: period.status,
      sentAt: period.sentAt,
      sendError: period.sendError,
      invoice,
      line: items.find((item) => item.invoiceId === period.invoiceId),
    };
  });
}

async function invoiceMailsTo(db: Db, to: string) {
  const mails = await db.select().from(mailMessages).where(eq(mailMessages.to, to));
  return mails.filter((mail) => mail.subject.startsWith("Invoice INV-"));
}

describeEachDatabase("retainers", (get) => {
  it("issues each period exactly once, with runners racing and after a downtime of three periods", async () => {
    const { db } = get();
    // Four months ago to today: the first period while running, then three missed while down.
    const today = todayIso();
    const startDate = addMonths(today, -3);
    const firstRun = addDays(startDate, 9);
    const { client, retainer } = await retainerProject(db, { startDate }, startDate);
    const first = await Promise.all(
      [1, 2, 3].map(() => issueRetainerInvoices({ db, env, today: firstRun })),
    );
    expect(first.flatMap((outcome) => outcome.issued)).toHaveLength(1);
    let issued = await invoicesOf(db, retainer.id);
    expect(issued).toHaveLength(1);
    expect(issued[0].invoice).toMatchObject({
      total: 250_000,
      currency: "USD",
      clientId: client.id,
      issueDate: firstRun,
      dueDate: addDays(firstRun, 14),
    });
    expect(issued[0].invoice?.sentAt).not.toBeNull();
    expect(issued[0].line).toMatchObject({
      description: `Monthly support: ${periodAt(retainer, 0).label}`,
      quantity: 100,
      unitAmount: 250_000,
    });
    expect(issued[0].sentAt).not.toBeNull();

    // Back up today: the three missed periods are issued once each, however many runners meet.
    await Promise.all([
      issueRetainerInvoices({ db, env, today, retainerId: retainer.id }),
      issueRetainerInvoices({ db, env, today }),
    ]);
    await issueRetainerInvoices({ db, env, today });
    issued = await invoicesOf(db, retainer.id);
    expect(issued.map((row) => row.periodStart)).toEqual(
      [0, 1, 2, 3].map((index) => periodAt(retainer, index).start),
    );
    expect(new Set(issued.map((row) => row.invoice?.number)).size).toBe(4);
    expect(issued.slice(1).map((row) => row.line?.description)).toEqual(
      [1, 2, 3].map((index) => `Monthly support: ${periodAt(retainer, index).label}`),
    );
    // Caught up late, they are dated the day they went out and are not born overdue.
    for (const row of issued.slice(1))
      expect(row.invoice).toMatchObject({
        status: "sent",
        issueDate: today,
        dueDate: addDays(today, 14),
      });
    const [{ email }] = await db
      .select({ email: clientContacts.email })
      .from(clientContacts)
      .where(eq(clientContacts.clientId, client.id));
    expect(await invoiceMailsTo(db, email)).toHaveLength(4);
  });

  it("runs once per period with two job runners on the same database", async () => {
    const database = get();
    const { db } = database;
    const today = todayIso();
    const { retainer } = await retainerProject(
      db,
      { startDate: `${today.slice(0, 7)}-01`, issueDay: 1 },
      today,
    );
    const runner = () =>
      createJobRunner({
        context: { db, database, env: env as never },
        handlers: {
          [RETAINER_ISSUE_JOB]: async (payload) => {
            await issueRetainerInvoices({ db, env, retainerId: payload.retainerId as string });
          },
        },
      });
    // createRetainer queued one issue job; a second is queued as if a change followed at once.
    const { enqueueJob } = await import("#server/jobs/queue.ts");
    await enqueueJob(db, { kind: RETAINER_ISSUE_JOB, payload: { retainerId: retainer.id } });
    await Promise.all([runner().runDue(), runner().runDue()]);
    const issued = await invoicesOf(db, retainer.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ status: "invoiced", periodStart: `${today.slice(0, 7)}-01` });
  });

  it("skips the periods that fall while paused, and never bills them later", async () => {
    const { db } = get();
    const { project, retainer } = await retainerProject(db);
    await issueRetainerInvoices({ db, env, today: "2026-01-05" });
    await pauseRetainer({ db, actor: staff, projectId: project.id, today: "2026-01-20" });
    await expect(
      pauseRetainer({ db, actor: staff, projectId: project.id, today: "2026-01-21" }),
    ).rejects.toThrow(expect.objectContaining({ code: "CONFLICT" }));
    await issueRetainerInvoices({ db, env, today: "2026-03-10" });
    expect(
      (await getProjectRetainer({ db, projectId: project.id, today: "2026-03-10" }))?.state,
    ).toBe("paused");
    await resumeRetainer({ db, actor: staff, projectId: project.id, today: "2026-03-15" });
    await issueRetainerInvoices({ db, env, today: "2026-04-05" });
    await issueRetainerInvoices({ db, env, today: "2026-04-06" });
    const periods = await invoicesOf(db, retainer.id);
    expect(periods.map((row) => [row.periodStart, row.status, Boolean(row.invoice)])).toEqual([
      ["2026-01-01", "invoiced", true],
      ["2026-02-01", "skipped", false],
      ["2026-03-01", "skipped", false],
      ["2026-04-01", "invoiced", true],
    ]);
    await expect(
      resumeRetainer({ db, actor: staff, projectId: project.id, today: "2026-04-07" }),
    ).rejects.toThrow(expect.objectContaining({ code: "CONFLICT" }));
  });

  it("applies a change to the periods starting on or after its date, keeping the history", async () => {
    const { db } = get();
    const { project, retainer } = await retainerProject(db, {
      amount: 100_000,
      description: "Support",
    });
    await issueRetainerInvoices({ db, env, today: "2026-01-01" });
    await changeRetainer({
      db,
      actor: staff,
      projectId: project.id,
      input: { effectiveFrom: "2026-03-01", amount: 115_000, description: "Support and hosting" },
    });
    // A second change for the same date replaces the first for those periods.
    await changeRetainer({
      db,
      actor: staff,
      projectId: project.id,
      input: { effectiveFrom: "2026-03-01", amount: 120_050, description: "Support and hosting" },
    });
    await expect(
      changeRetainer({
        db,
        actor: staff,
        projectId: project.id,
        input: { effectiveFrom: "2025-12-01", amount: 1, description: "Too early" },
      }),
    ).rejects.toThrow(expect.objectContaining({ code: "INVALID" }));
    await issueRetainerInvoices({ db, env, today: "2026-04-01" });
    const periods = await invoicesOf(db, retainer.id);
    expect(periods.map((row) => [row.line?.description, row.invoice?.total])).toEqual([
      ["Support: January 2026", 100_000],
      ["Support: February 2026", 100_000],
      ["Support and hosting: March 2026", 120_050],
      ["Support and hosting: April 2026", 120_050],
    ]);
    const view = await getProjectRetainer({ db, projectId: project.id, today: "2026-04-01" });
    expect(view?.versions.map((version) => version.amount)).toEqual([120_050, 115_000, 100_000]);
    expect(view?.next).toMatchObject({
      start: "2026-05-01",
      issueDate: "2026-05-01",
      amount: 120_050,
    });
  });

  it("stops after the end date", async () => {
    const { db } = get();
    const { project, retainer } = await retainerProject(db);
    await endRetainer({ db, actor: staff, projectId: project.id, endDate: "2026-02-15" });
    await expect(
      endRetainer({ db, actor: staff, projectId: project.id, endDate: "2025-12-31" }),
    ).rejects.toThrow(expect.objectContaining({ code: "INVALID" }));
    await issueRetainerInvoices({ db, env, today: "2026-06-01" });
    expect((await invoicesOf(db, retainer.id)).map((row) => row.periodStart)).toEqual([
      "2026-01-01",
      "2026-02-01",
    ]);
    const view = await getProjectRetainer({ db, projectId: project.id, today: "2026-06-01" });
    expect(view).toMatchObject({ state: "ended", next: null });
  });

  it("bills a quarterly yen retainer in whole yen", async () => {
    const { db } = get();
    const { retainer } = await retainerProject(db, {
      currency: "JPY",
      amount: 300_000,
      period: "quarter",
      issueDay: 10,
      description: "Quarterly retainer",
    });
    await issueRetainerInvoices({ db, env, today: "2026-07-10" });
    const periods = await invoicesOf(db, retainer.id);
    expect(
      periods.map((row) => [row.line?.description, row.invoice?.total, row.invoice?.currency]),
    ).toEqual([
      ["Quarterly retainer: January to March 2026", 300_000, "JPY"],
      ["Quarterly retainer: April to June 2026", 300_000, "JPY"],
      ["Quarterly retainer: July to September 2026", 300_000, "JPY"],
    ]);
  });

  it("keeps an invoice it could not send as a draft and sends it once the client has a contact", async () => {
    const { db } = get();
    const { client, retainer } = await retainerProject(db);
    const [contact] = await db
      .delete(clientContacts)
      .where(eq(clientContacts.clientId, client.id))
      .returning();
    await issueRetainerInvoices({ db, env, today: "2026-01-01" });
    let [period] = await invoicesOf(db, retainer.id);
    expect(period.invoice?.status).toBe("draft");
    expect(period.sendError).toMatch(/^CONFLICT: Add a contact/);
    // The next run within ten minutes leaves it alone; later runs take it up again.
    await issueRetainerInvoices({ db, env, today: "2026-01-01" });
    await db.insert(clientContacts).values({ ...contact });
    await db
      .update(retainerPeriods)
      .set({ sendingSince: new Date(Date.now() - 3600_000) })
      .where(eq(retainerPeriods.retainerId, retainer.id));
    await Promise.all([
      issueRetainerInvoices({ db, env, today: "2026-01-02" }),
      issueRetainerInvoices({ db, env, today: "2026-01-02" }),
    ]);
    [period] = await invoicesOf(db, retainer.id);
    // Sent (and overdue by now: these dates are in the past).
    expect(period.invoice?.sentAt).not.toBeNull();
    expect(period.sendError).toBeNull();
    expect(await invoiceMailsTo(db, contact.email)).toHaveLength(1);
  });

  it("sends again, at once, a period whose job died after marking its invoice sent; never one a live job holds", async () => {
    const { db } = get();
    const { client, retainer } = await retainerProject(db);
    const [contact] = await db
      .select()
      .from(clientContacts)
      .where(eq(clientContacts.clientId, client.id));
    await issueRetainerInvoices({ db, env, today: "2026-01-01" });
    expect(await invoiceMailsTo(db, contact.email)).toHaveLength(1);
    // As a kill -9 leaves it: the invoice sent, the period's mail never recorded, the send
    // taken on a minute ago by a job whose lease is gone.
    const dead = await db
      .update(retainerPeriods)
      .set({ sentAt: null, sendingSince: new Date(Date.now() - 60_000), sendingBy: "gone:1:dead" })
      .where(eq(retainerPeriods.retainerId, retainer.id))
      .returning();
    expect(dead).toHaveLength(1);
    // A live job's send is left to it.
    const [live] = await db
      .insert(jobs)
      .values({
        kind: "test.live",
        status: "running",
        lockedBy: "here:1:live",
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    await db
      .update(retainerPeriods)
      .set({ sendingBy: live.lockedBy })
      .where(eq(retainerPeriods.retainerId, retainer.id));
    await issueRetainerInvoices({ db, env, today: "2026-01-01" });
    expect(await invoiceMailsTo(db, contact.email)).toHaveLength(1);
    // The job dies: the next run takes the send up without waiting ten minutes.
    await db.delete(jobs).where(eq(jobs.id, live.id));
    await issueRetainerInvoices({ db, env, today: "2026-01-01" });
    const [period] = await invoicesOf(db, retainer.id);
    expect(period.sentAt).not.toBeNull();
    expect(await invoiceMailsTo(db, contact.email)).toHaveLength(2);
  });

  it("refuses what makes no sense, and audits every change with the client", async () => {
    const { db } = get();
    const { client, project, retainer } = await retainerProject(db);
    const again = createRetainer({
      db,
      actor: staff,
      projectId: project.id,
      today: "2026-01-01",
      input: {
        amount: 1,
        currency: "USD",
        period: "month",
        startDate: "2026-02-01",
        issueDay: 1,
        paymentTermsDays: 0,
        description: "Twice",
      },
    });
    await expect(again).rejects.toThrow(expect.objectContaining({ code: "CONFLICT" }));
    await expect(
      createRetainer({
        db,
        actor: staff,
        projectId: "00000000-0000-4000-8000-000000000000",
        today: "2026-01-01",
        input: {
          amount: 1,
          currency: "USD",
          period: "month",
          startDate: "2026-01-01",
          issueDay: 1,
          paymentTermsDays: 0,
          description: "Nowhere",
        },
      }),
    ).rejects.toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
    await expect(retainerProject(db, {}, "2026-02-10")).rejects.toThrow(
      expect.objectContaining({ code: "INVALID" }),
    );
    await pauseRetainer({ db, actor: staff, projectId: project.id, today: "2026-01-03" });
    await resumeRetainer({ db, actor: staff, projectId: project.id, today: "2026-01-04" });
    await endRetainer({ db, actor: staff, projectId: project.id, endDate: "2026-12-31" });
    await issueRetainerInvoices({ db, env, today: "2026-01-05" });
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.area, RETAINER_AUDIT_AREA), eq(auditEvents.recordId, retainer.id)))
      .orderBy(asc(auditEvents.seq));
    expect(rows.map((row) => row.action)).toEqual(["create", "pause", "resume", "end", "issue"]);
    expect(rows.every((row) => row.detail.clientId === client.id)).toBe(true);
    expect(rows[0].detail.summary).toBe(
      `Retainer set up for ${project.name}: $2,500.00 a month from 2026-01-01`,
    );
    const timeline = await getClientTimeline({ db, clientId: client.id });
    const retainerTitles = timeline
      .filter((event) => event.kind === "retainer")
      .map((event) => event.title);
    expect(retainerTitles).toHaveLength(5);
    expect(retainerTitles).toContain(`Retainer for ${project.name} paused from 2026-01-03`);
    expect(
      retainerTitles.some((title) =>
        /^Retainer invoice INV-2026-\d{4} issued for January 2026/.test(title),
      ),
    ).toBe(true);
  });
});
