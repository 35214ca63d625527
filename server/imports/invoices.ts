import { eq, sql } from "drizzle-orm";
import { invoiceCounters, invoiceItems, invoices, payments } from "#server/db/schema/invoices.ts";
import { settledStatus } from "#server/invoices/records.ts";
import { computeTotals, formatMoney } from "#shared/money.ts";
import { findClientByName, importClient } from "./clients";
import { cellOf } from "./csv-rows";
import {
  csvBodyRows,
  currencyOf,
  parseAmount,
  parseDate,
  parseNumber,
  readCsvHeader,
} from "./csv-values";
import { AlreadyImportedError, findImported, recordImported } from "./ledger";
import type { ImportContext, Importer, PlannedItem } from "./types";

/**
 * Invoices from Invoice Ninja or Harvest, keeping their numbers, figures and what was paid
 * (decision 522): one line per invoice, or one per line item (lines of one invoice next to
 * each other). A payments export (a date, an amount and an invoice number per line) adds
 * payments to invoices already here.
 */

const aliases = {
  number: ["invoice number", "invoice", "number", "invoice id", "invoice no", "invoice num"],
  client: ["client name", "client", "company", "customer", "customer name", "client company"],
  issueDate: ["invoice date", "issue date", "issued", "date", "issued on", "issued date"],
  dueDate: ["due date", "due", "due on"],
  currency: ["currency", "currency code", "invoice currency"],
  total: ["amount", "total", "invoice amount", "invoice total", "total amount", "amount due total"],
  subtotal: ["subtotal", "sub total", "net amount", "net", "amount before tax"],
  tax: ["tax", "tax amount", "tax total", "taxes", "total tax", "tax1", "vat amount"],
  paid: ["paid to date", "paid amount", "amount paid", "paid", "payments", "total paid"],
  balance: ["balance", "balance due", "due amount", "amount due", "outstanding"],
  status: ["status", "invoice status", "state"],
  paidDate: ["paid date", "last payment date", "paid on", "paid at", "date paid"],
  notes: ["public notes", "notes", "terms", "subject", "invoice notes"],
  itemDescription: [
    "item description",
    "item notes",
    "item",
    "line item",
    "product",
    "description",
    "item product key",
    "item name",
  ],
  itemQuantity: ["item quantity", "quantity", "qty", "hours", "units"],
  itemUnit: [
    "item cost",
    "unit price",
    "cost",
    "rate",
    "price",
    "unit cost",
    "item unit price",
    "unit amount",
  ],
  itemTaxRate: [
    "item tax rate",
    "tax rate",
    "item tax rate1",
    "tax rate 1",
    "tax percent",
    "tax percentage",
  ],
  paymentDate: ["payment date", "date of payment"],
  paymentAmount: ["payment amount", "amount received", "amount paid"],
  paymentReference: ["transaction reference", "reference", "payment reference", "transaction id"],
  paymentMethod: ["payment type", "payment method", "method", "type"],
};
type Field = keyof typeof aliases;

type Layout = "invoices" | "payments";
type Unit = { line: number; rows: string[][]; error?: string };
type InvoicesState = {
  columns: Partial<Record<Field, number>>;
  layout: Layout;
  /** Numbers this read of the file met, with their first line. */
  seen: Map<string, number>;
};

const SOURCE = "invoices";

/** A payments export names a payment date or reference, and no due date (invoice exports all have one). */
function layoutOf(columns: Partial<Record<Field, number>>): Layout {
  const isPayments = columns.paymentDate !== undefined || columns.paymentReference !== undefined;
  return isPayments && columns.dueDate === undefined ? "payments" : "invoices";
}

function statusWord(value: string) {
  const word = value.trim().toLowerCase().replace(/[_-]+/g, " ");
  if (!word) return undefined;
  if (/^(draft)$/.test(word)) return "draft" as const;
  if (/^(cancelled|canceled|void|voided|reversed|written off|deleted|archived)$/.test(word))
    return "void" as const;
  if (/^(paid|closed|paid in full)$/.test(word)) return "paid" as const;
  if (/^(partial|partially paid|part paid)$/.test(word)) return "partially_paid" as const;
  if (/^(overdue|past due|late)$/.test(word)) return "overdue" as const;
  if (/^(sent|viewed|unpaid|open|pending|approved|outstanding|due)$/.test(word))
    return "sent" as const;
  return undefined;
}

function methodOf(value: string) {
  const word = value.trim().toLowerCase();
  if (/bank|transfer|ach|wire|sepa|bacs/.test(word)) return "bank_transfer" as const;
  if (/card|visa|master|amex|stripe|credit|debit/.test(word)) return "card" as const;
  if (/cash/.test(word)) return "cash" as const;
  if (/cheque|check/.test(word)) return "cheque" as const;
  return "other" as const;
}

/** Lines of the same invoice one after another make one unit; every payment line is one. */
async function* unitsOf(context: ImportContext, state: InvoicesState): AsyncGenerator<Unit> {
  let current: Unit | undefined;
  let currentNumber = "";
  for await (const row of csvBodyRows(context)) {
    if ("error" in row) {
      if (current) yield current;
      current = undefined;
      yield { line: row.line, rows: [], error: row.error };
      continue;
    }
    const number = cellOf(row.cells, state.columns, "number");
    if (state.layout === "invoices" && current && number && number === currentNumber) {
      current.rows.push(row.cells);
      continue;
    }
    if (current) yield current;
    current = { line: row.line, rows: [row.cells] };
    currentNumber = number;
  }
  if (current) yield current;
}

async function planInvoice(
  unit: Unit,
  context: ImportContext,
  state: InvoicesState,
): Promise<PlannedItem[]> {
  const { columns } = state;
  const first = unit.rows[0];
  const origin = `line ${unit.line}${unit.rows.length > 1 ? `–${unit.line + unit.rows.length - 1}` : ""}`;
  const number = cellOf(first, columns, "number").slice(0, 60);
  const base = { itemKind: "invoice", origin, label: number || origin };
  const skip = (reason: string): PlannedItem[] => [{ ...base, action: "skip", reason }];
  if (!number) return skip("The line has no invoice number.");
  const earlier = state.seen.get(number);
  if (earlier !== undefined)
    return skip(
      `Repeats invoice ${number} of line ${earlier} (lines of one invoice must be next to each other).`,
    );
  state.seen.set(number, unit.line);
  const key = { source: SOURCE, itemKind: "invoice", sourceKey: number };
  if (await findImported(context.db, key)) return skip("Imported before.");
  const [clash] = await context.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.number, number));
  if (clash) return skip(`An invoice numbered ${number} is already in Frontier.`);
  const company = cellOf(first, columns, "client").replace(/\s+/g, " ");
  if (!company) return skip("The line names no client.");
  const issueDate = parseDate(cellOf(first, columns, "issueDate"));
  if (!issueDate)
    return skip(
      `The invoice date “${cellOf(first, columns, "issueDate").slice(0, 30)}” is not a date.`,
    );
  const notes: string[] = [];
  const dueDate = parseDate(cellOf(first, columns, "dueDate")) ?? issueDate;
  if (!parseDate(cellOf(first, columns, "dueDate"))) notes.push("No due date: due on its date.");
  const client = await findClientByName(context.db, company);
  const written = cellOf(first, columns, "currency");
  const currency = currencyOf(written) ?? client?.currency ?? "USD";
  const amount = (field: Field) => parseAmount(cellOf(first, columns, field), currency);

  const items = unit.rows
    .map((cells) => {
      const description = cellOf(cells, columns, "itemDescription");
      const unitAmount = parseAmount(cellOf(cells, columns, "itemUnit"), currency);
      if (!description || unitAmount === undefined) return undefined;
      const quantity = parseNumber(cellOf(cells, columns, "itemQuantity")) ?? 1;
      const rate = parseNumber(cellOf(cells, columns, "itemTaxRate")) ?? 0;
      return {
        description: description.slice(0, 500),
        quantity: Math.round(quantity * 100),
        unitAmount,
        taxRateBp: Math.round(rate * 100),
      };
    })
    .filter((item) => item !== undefined);
  const computed = items.length ? computeTotals(items) : undefined;
  const total = amount("total") ?? computed?.total;
  if (total === undefined) return skip("The line has no amount, nor line items to add up.");
  const tax = amount("tax") ?? computed?.tax ?? 0;
  const subtotal = amount("subtotal") ?? (computed ? computed.subtotal : total - tax);
  if (computed && computed.total !== total)
    notes.push(
      `Its lines add up to ${formatMoney(computed.total, currency, "en")}; the export's total ${formatMoney(total, currency, "en")} is kept.`,
    );
  const lines = items.length
    ? items
    : [
        {
          description: (cellOf(first, columns, "notes") || `Invoice ${number}`).slice(0, 500),
          quantity: 100,
          unitAmount: subtotal,
          taxRateBp: subtotal > 0 && tax > 0 ? Math.round((tax * 10_000) / subtotal) : 0,
        },
      ];
  const word = statusWord(cellOf(first, columns, "status"));
  const balance = amount("balance");
  let paid =
    amount("paid") ?? (balance !== undefined ? total - balance : word === "paid" ? total : 0);
  if (word === "void") paid = 0;
  let status = word ?? (paid > 0 || balance !== undefined ? "sent" : "sent");
  if (status !== "draft" && status !== "void")
    status = settledStatus({ total, amountPaid: paid, dueDate });
  if (status === "draft" && paid > 0) status = settledStatus({ total, amountPaid: paid, dueDate });
  const paidOn =
    parseDate(cellOf(first, columns, "paidDate")) ?? (paid > 0 ? issueDate : undefined);
  if (!client) notes.push(`The client ${company} is created too.`);
  const reason = [
    `${company}, ${formatMoney(total, currency, "en")}, ${status.replace("_", " ")}${paid > 0 && status !== "paid" ? `, ${formatMoney(paid, currency, "en")} paid` : ""}${paid > 0 ? ` (payment on ${paidOn})` : ""}.`,
    ...notes,
  ].join(" ");
  return [
    {
      ...base,
      action: "create",
      reason,
      run: async () => {
        if (await findImported(context.db, key))
          return { outcome: "skipped", note: "Imported before." };
        const owner =
          (await findClientByName(context.db, company)) ??
          (await importClient(context, { company, currency, contacts: [] })) ??
          (await findClientByName(context.db, company));
        if (!owner)
          return { outcome: "failed", note: `The client ${company} could not be created.` };
        try {
          const id = await context.db.transaction(async (tx) => {
            const [invoice] = await tx
              .insert(invoices)
              .values({
                number,
                clientId: owner.id,
                status,
                currency,
                issueDate,
                dueDate,
                notes: (cellOf(first, columns, "notes") || "").slice(0, 5000),
                subtotal,
                discountTotal: 0,
                taxTotal: tax,
                total,
                amountPaid: Math.max(paid, 0),
                sentAt: status === "draft" ? null : new Date(`${issueDate}T00:00:00Z`),
                paidAt: status === "paid" && paidOn ? new Date(`${paidOn}T00:00:00Z`) : null,
                voidedAt: status === "void" ? new Date() : null,
                voidReason: status === "void" ? "Void in the system it was imported from." : null,
              })
              .returning({ id: invoices.id });
            await tx
              .insert(invoiceItems)
              .values(
                lines.map((line, position) => ({ invoiceId: invoice.id, position, ...line })),
              );
            if (paid > 0 && paidOn)
              await tx.insert(payments).values({
                invoiceId: invoice.id,
                clientId: owner.id,
                amount: paid,
                currency,
                paidOn,
                method: "other",
                reference: `Imported with invoice ${number}`.slice(0, 200),
              });
            // Numbers in Frontier's own form keep the counter ahead of them: no number twice.
            const own = /^INV-(\d{4})-(\d+)$/.exec(number);
            if (own)
              await tx
                .insert(invoiceCounters)
                .values({ year: Number(own[1]), last: Number(own[2]) })
                .onConflictDoUpdate({
                  target: invoiceCounters.year,
                  set: { last: sql`greatest(${invoiceCounters.last}, excluded.last)` },
                });
            if (!(await recordImported(tx, { ...key, targetId: invoice.id })))
              throw new AlreadyImportedError();
            return invoice.id;
          });
          return { outcome: "created", targetHref: `/admin/invoices/edit/${id}` };
        } catch (error) {
          if (error instanceof AlreadyImportedError)
            return { outcome: "skipped", note: "Imported before." };
          throw error;
        }
      },
    },
  ];
}

async function planPayment(
  unit: Unit,
  context: ImportContext,
  state: InvoicesState,
): Promise<PlannedItem[]> {
  const { columns } = state;
  const cells = unit.rows[0];
  const origin = `line ${unit.line}`;
  const number = cellOf(cells, columns, "number");
  const base = { itemKind: "payment", origin, label: number ? `Payment for ${number}` : origin };
  const skip = (reason: string): PlannedItem[] => [{ ...base, action: "skip", reason }];
  if (!number) return skip("The line names no invoice.");
  const [invoice] = await context.db.select().from(invoices).where(eq(invoices.number, number));
  if (!invoice)
    return skip(`No invoice numbered ${number} in Frontier (import the invoices first).`);
  const paidOn = parseDate(
    cellOf(cells, columns, "paymentDate") || cellOf(cells, columns, "issueDate"),
  );
  if (!paidOn) return skip("The line has no payment date.");
  const written = cellOf(cells, columns, "paymentAmount") || cellOf(cells, columns, "total");
  const amount = parseAmount(written, invoice.currency);
  if (!amount || amount <= 0) return skip(`The amount “${written.slice(0, 30)}” is not a payment.`);
  if (invoice.status === "void" || invoice.status === "draft")
    return skip(`${number} is ${invoice.status}: it takes no payments.`);
  const reference = cellOf(cells, columns, "paymentReference").slice(0, 200);
  const key = {
    source: SOURCE,
    itemKind: "payment",
    sourceKey: `${number}|${paidOn}|${amount}|${reference}`,
  };
  if (await findImported(context.db, key)) return skip("Imported before.");
  const notes = amount > invoice.total - invoice.amountPaid ? " More than was still due." : "";
  return [
    {
      ...base,
      action: "create",
      reason: `${formatMoney(amount, invoice.currency, "en")} on ${paidOn}.${notes}`,
      run: async () => {
        try {
          await context.db.transaction(async (tx) => {
            const [locked] = await tx
              .select()
              .from(invoices)
              .where(eq(invoices.id, invoice.id))
              .for("update");
            const [payment] = await tx
              .insert(payments)
              .values({
                invoiceId: locked.id,
                clientId: locked.clientId,
                amount,
                currency: locked.currency,
                paidOn,
                method: methodOf(cellOf(cells, columns, "paymentMethod")),
                reference,
              })
              .returning({ id: payments.id });
            const amountPaid = locked.amountPaid + amount;
            const status = settledStatus({
              total: locked.total,
              amountPaid,
              dueDate: locked.dueDate,
            });
            await tx
              .update(invoices)
              .set({
                amountPaid,
                status,
                paidAt: status === "paid" ? new Date(`${paidOn}T00:00:00Z`) : locked.paidAt,
                updatedAt: new Date(),
              })
              .where(eq(invoices.id, locked.id));
            if (!(await recordImported(tx, { ...key, targetId: payment.id })))
              throw new AlreadyImportedError();
          });
          return { outcome: "created", targetHref: `/admin/invoices/edit/${invoice.id}` };
        } catch (error) {
          if (error instanceof AlreadyImportedError)
            return { outcome: "skipped", note: "Imported before." };
          throw error;
        }
      },
    },
  ];
}

export const invoicesImporter: Importer<InvoicesState, Unit> = {
  async prepare(context) {
    const { columns } = await readCsvHeader(context, aliases);
    return { columns, layout: layoutOf(columns), seen: new Map() };
  },
  units: (context, state) => unitsOf(context, state),
  async plan(unit, context, state) {
    if (unit.error)
      return [
        {
          itemKind: "invoice",
          origin: `line ${unit.line}`,
          label: `line ${unit.line}`,
          action: "skip",
          reason: `The line could not be read: ${unit.error}`,
        },
      ];
    if (state.columns.number === undefined)
      return [
        {
          itemKind: "invoice",
          origin: `line ${unit.line}`,
          label: `line ${unit.line}`,
          action: "skip",
          reason: "The file has no invoice number column.",
        },
      ];
    return state.layout === "payments"
      ? planPayment(unit, context, state)
      : planInvoice(unit, context, state);
  },
  facts(state) {
    return { columns: Object.keys(state.columns), layout: state.layout };
  },
};
