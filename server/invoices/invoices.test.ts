import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { extractPdfText } from "#server/business/pdf.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { invoiceRevisions } from "#server/db/schema/invoices.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { AppError } from "#server/errors.ts";
import {
  invoiceInput,
  mailEnv,
  makeClient,
  makeSentInvoice,
  staff,
} from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { createInvoice, updateInvoice } from "./editing";
import { markOverdueInvoices } from "./overdue";
import { recordPayment } from "./payments";
import { renderInvoicePdf } from "./pdf";
import { findInvoices, getInvoice } from "./queries";
import { sendInvoice } from "./sending";
import { reissueInvoice, voidInvoice } from "./voiding";

describeEachDatabase("invoices", (get) => {
  it("keeps totals and taxes in minor units", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const invoice = await createInvoice({
      db,
      actor: staff,
      input: invoiceInput(client.id, {
        issueDate: "2031-01-10",
        dueDate: "2031-01-24",
        discountKind: "percent",
        discountValue: 1000,
        items: [
          { description: "Build", quantity: 1250, unitAmount: 9_999, taxRateBp: 2000 }, // 12.5 x 99.99 = 1249.875 -> 1249.88
          { description: "Licence", quantity: 100, unitAmount: 33_333, taxRateBp: 700 },
        ],
      }),
    });
    expect(invoice.number).toBe("INV-2031-0001");
    expect(invoice.subtotal).toBe(124_988 + 33_333);
    expect(invoice.discountTotal).toBe(15_832); // 10 % of 158,321 = 15,832.1
    // discount shares: 124,988/158,321 of 15,832 = 12,498.7 -> 12,499; the rest 3,333
    expect(invoice.taxTotal).toBe(
      Math.round((124_988 - 12_499) * 0.2) + Math.round((33_333 - 3_333) * 0.07),
    );
    expect(invoice.total).toBe(invoice.subtotal - invoice.discountTotal + invoice.taxTotal);
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.area, "invoices"), eq(auditEvents.recordId, invoice.id)));
    expect(event).toMatchObject({ action: "create", actorId: staff.id });
  });

  it("numbers 20 invoices created at the same moment without gaps or repeats", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const created = await Promise.all(
      Array.from({ length: 20 }, () =>
        createInvoice({
          db,
          actor: staff,
          input: invoiceInput(client.id, { issueDate: "2040-02-01", dueDate: "2040-02-15" }),
        }),
      ),
    );
    const numbers = created.map((invoice) => invoice.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, index) => `INV-2040-${String(index + 1).padStart(4, "0")}`),
    );
  });

  it("gives a number back when its creation fails", async () => {
    const { db } = get();
    const client = await makeClient(db);
    await createInvoice({
      db,
      actor: staff,
      input: invoiceInput(client.id, { issueDate: "2041-01-01", dueDate: "2041-01-02" }),
    });
    await expect(
      createInvoice({
        db,
        actor: staff,
        input: invoiceInput("00000000-0000-4000-8000-000000000000", {
          issueDate: "2041-01-01",
          dueDate: "2041-01-02",
        }),
      }),
    ).rejects.toThrow(/client that exists/);
    const next = await createInvoice({
      db,
      actor: staff,
      input: invoiceInput(client.id, { issueDate: "2041-05-01", dueDate: "2041-05-02" }),
    });
    expect(next.number).toBe("INV-2041-0002");
  });

  it("takes payments up to the balance and refuses them on a void invoice", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const draft = await createInvoice({
      db,
      actor: staff,
      input: invoiceInput(client.id, { dueDate: "2999-01-01" }),
    });
    await expect(
      recordPayment({
        db,
        actor: staff,
        invoiceId: draft.id,
        amount: 100,
        paidOn: "2026-03-02",
        method: "card",
      }),
    ).rejects.toThrow(/still a draft/);
    await sendInvoice({ db, env: mailEnv, actor: staff, id: draft.id });
    const total = draft.total;
    const partial = await recordPayment({
      db,
      actor: staff,
      invoiceId: draft.id,
      amount: 10_000,
      paidOn: "2026-03-02",
      method: "card",
      today: "2026-03-05",
    });
    expect(partial.invoice).toMatchObject({ status: "partially_paid", amountPaid: 10_000 });
    await expect(
      recordPayment({
        db,
        actor: staff,
        invoiceId: draft.id,
        amount: total,
        paidOn: "2026-03-02",
        method: "card",
        today: "2026-03-05",
      }),
    ).rejects.toThrow(/more than/);
    const paid = await recordPayment({
      db,
      actor: staff,
      invoiceId: draft.id,
      amount: total - 10_000,
      paidOn: "2026-03-03",
      method: "bank_transfer",
      today: "2026-03-05",
    });
    expect(paid.invoice.status).toBe("paid");

    const other = await createInvoice({ db, actor: staff, input: invoiceInput(client.id) });
    await voidInvoice({ db, actor: staff, id: other.id, reason: "Raised twice" });
    const refusal = await recordPayment({
      db,
      actor: staff,
      invoiceId: other.id,
      amount: 100,
      paidOn: "2026-03-02",
      method: "card",
    }).catch((error) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "CONFLICT" });
    expect(refusal.message).toMatch(/void: a payment cannot be recorded/);
  });

  it("mails the invoice with its PDF, whose text carries the total", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const invoice = await createInvoice({ db, actor: staff, input: invoiceInput(client.id) });
    const sent = await sendInvoice({ db, env: mailEnv, actor: staff, id: invoice.id });
    expect(sent.status).toBe("overdue"); // due 2026-03-15 is before today's date in these tests
    const [mail] = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.subject, `Invoice ${invoice.number} from Frontier`));
    expect(mail.text).toContain(invoice.number);
    const pdf = await renderInvoicePdf((await getInvoice({ db, id: invoice.id }))!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(extractPdfText(pdf)).toContain("$1,440.00"); // 10 x 120.00 + 20 %
  });

  it("keeps a revision when a sent invoice changes, and refuses a silent change", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const invoice = await makeSentInvoice(db, client.id, { dueDate: "2999-01-01" });
    const changed = invoiceInput(client.id, {
      dueDate: "2999-01-01",
      items: [{ description: "Development", quantity: 800, unitAmount: 12_000, taxRateBp: 2000 }],
    });
    await expect(
      updateInvoice({ db, actor: staff, id: invoice.id, input: changed }),
    ).rejects.toThrow(/say why/i);
    const revised = await updateInvoice({
      db,
      actor: staff,
      id: invoice.id,
      input: changed,
      revisionReason: "Two days less",
    });
    expect(revised).toMatchObject({ revision: 2, total: 115_200, status: "sent" });
    const revisions = await db
      .select()
      .from(invoiceRevisions)
      .where(eq(invoiceRevisions.invoiceId, invoice.id));
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ revision: 1, reason: "Two days less" });
    expect((revisions[0].previous as { total: number }).total).toBe(144_000);
  });

  it("voids and reissues with the next number, linked to the old one", async () => {
    const { db } = get();
    const client = await makeClient(db);
    const invoice = await createInvoice({
      db,
      actor: staff,
      input: invoiceInput(client.id, { issueDate: "2042-01-01", dueDate: "2042-01-10" }),
    });
    const copy = await reissueInvoice({
      db,
      actor: staff,
      id: invoice.id,
      reason: "Wrong address",
      today: "2042-01-03",
    });
    expect(copy).toMatchObject({
      number: "INV-2042-0002",
      status: "draft",
      replacesInvoiceId: invoice.id,
      total: invoice.total,
      issueDate: "2042-01-03",
    });
    const old = await getInvoice({ db, id: invoice.id });
    expect(old).toMatchObject({ status: "void", voidReason: "Wrong address" });
    expect(old?.replacedBy?.number).toBe("INV-2042-0002");
    await expect(
      updateInvoice({ db, actor: staff, id: invoice.id, input: invoiceInput(client.id) }),
    ).rejects.toThrow(/void/);
  });

  it("marks open invoices past due as overdue, and lists them by state and search", async () => {
    const { db } = get();
    const client = await makeClient(db, { company: "Overdue Example Ltd" });
    const invoice = await makeSentInvoice(db, client.id, {
      issueDate: "2043-01-01",
      dueDate: "2043-01-10",
    });
    expect(await markOverdueInvoices({ db, today: "2043-01-11" })).toBeGreaterThanOrEqual(1);
    const list = await findInvoices({
      db,
      status: "overdue",
      query: { q: "overdue example", page: 1, pageSize: 10, sort: "number", dir: "asc" },
    });
    expect(list.rows.map((row) => row.number)).toEqual([invoice.number]);
    expect(list.total).toBe(1);
    // The number in any case; the searcher's _ and % are literal characters, not wildcards.
    const search = (q: string) =>
      findInvoices({
        db,
        status: "overdue",
        clientId: client.id,
        query: { q, page: 1, pageSize: 10, sort: "number", dir: "asc" },
      });
    expect((await search(invoice.number.toLowerCase())).total).toBe(1);
    expect((await search(invoice.number.replace("-", "_"))).total).toBe(0);
    expect((await search("INV%")).total).toBe(0);
    expect((await search("OVERDUE ex")).rows.map((row) => row.number)).toEqual([invoice.number]);
  });
});
