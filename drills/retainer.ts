/**
 * retainer: retainers two years behind (every month due), the product killed with SIGKILL while
 * it issues and mails their invoices, and started again: every period invoiced exactly once,
 * every invoice mailed (a mail may go twice only if the crash fell between the mail server's
 * answer and its record).
 */
import path from "node:path";
import { count, isNotNull } from "drizzle-orm";
import { todayIso } from "#server/business/dates.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { retainerPeriods } from "#server/db/schema/retainers.ts";
import { createProject } from "#server/projects/projects.ts";
import { addMonths, firstOfMonth } from "#server/retainers/periods.ts";
import { createRetainer } from "#server/retainers/retainers.ts";
import { makeClient, staff } from "#tests/helpers/business.ts";
import {
  type DrillResult,
  freshSite,
  killHard,
  receivedMails,
  removeDir,
  startProduct,
  startSink,
  waitFor,
  withDatabase,
} from "./lib";

const RETAINERS = 10;
const MONTHS_BEHIND = 23;

export async function retainerDrill(): Promise<DrillResult> {
  const dataDir = await freshSite("retainer");
  const logFile = path.join(dataDir, "received.txt");
  const sink = await startSink({ logFile });
  try {
    const startDate = addMonths(firstOfMonth(todayIso()), -MONTHS_BEHIND);
    const invoicesBefore = await withDatabase(dataDir, async (db) => {
      for (let index = 0; index < RETAINERS; index++) {
        const client = await makeClient(db);
        const project = await createProject({
          db,
          actor: staff,
          input: {
            name: `Care plan ${index + 1}`,
            clientId: client.id,
            proposalId: null,
            status: "active",
            startDate: null,
            dueDate: null,
            budgetAmount: 0,
            currency: "USD",
            teamMembers: [],
            milestones: [],
          },
        });
        await createRetainer({
          db,
          actor: staff,
          projectId: project.id,
          today: startDate,
          input: {
            amount: 100_000,
            currency: "USD",
            period: "month",
            startDate,
            issueDay: 1,
            paymentTermsDays: 14,
            description: "Monthly support",
          },
        });
      }
      const [{ total }] = await db.select({ total: count() }).from(invoices);
      return total;
    });
    const due = RETAINERS * (MONTHS_BEHIND + 1);
    const invoiceMails = () => receivedMails(logFile).filter((mail) => /INV-/.test(mail.subject));
    const env = { SMTP_URL: sink.url };
    const first = await startProduct({ dataDir, env });
    await waitFor(() => invoiceMails().length >= due * 0.3, 120_000);
    await killHard(first);
    const atKill = invoiceMails().length;
    const second = await startProduct({ dataDir, env });
    await waitFor(() => new Set(invoiceMails().map((mail) => mail.subject)).size >= due, 180_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await second.stop();

    const state = await withDatabase(dataDir, async (db) => {
      const [{ periods }] = await db
        .select({ periods: count() })
        .from(retainerPeriods)
        .where(isNotNull(retainerPeriods.invoiceId));
      const [{ sent }] = await db
        .select({ sent: count() })
        .from(retainerPeriods)
        .where(isNotNull(retainerPeriods.sentAt));
      const [{ total }] = await db.select({ total: count() }).from(invoices);
      return { periods, sent, invoices: total - invoicesBefore };
    });
    const bySubject = new Map<string, number>();
    for (const mail of invoiceMails())
      bySubject.set(mail.subject, (bySubject.get(mail.subject) ?? 0) + 1);
    const duplicatedMails = [...bySubject.values()].reduce((sum, times) => sum + times - 1, 0);
    return {
      name: "retainer",
      ok:
        state.periods === due &&
        state.invoices === due &&
        bySubject.size === due &&
        duplicatedMails <= 1,
      counts: [
        ["periods due", due],
        ["invoice mails before the kill", atKill],
        ["periods invoiced", state.periods],
        ["invoices created", state.invoices],
        ["periods marked sent", state.sent],
        ["invoices mailed", bySubject.size],
        ["invoice mails duplicated", duplicatedMails],
      ],
    };
  } finally {
    await sink.stop();
    removeDir(dataDir);
  }
}
