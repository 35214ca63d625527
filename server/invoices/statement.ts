import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { invoices, payments } from "#server/db/schema/invoices.ts";
import { AppError } from "#server/errors.ts";
import { moneyInputValue } from "#shared/money.ts";

// A statement of account: for a period, what the client owed at its start, each invoice
// and payment in it, and what they owe at its end, in integer minor units, one section
// per currency (decision 404).

export type StatementInvoice = {
  id: string;
  number: string;
  currency: string;
  issueDate: string;
  dueDate: string;
  total: number;
  status: string;
  /** When it was cancelled; a void invoice the client never received counts for nothing. */
  voidedOn: string | null;
  /** Whether the client ever received it (sent, or created sent). */
  wasIssued: boolean;
};

export type StatementPayment = {
  id: string;
  invoiceNumber: string;
  currency: string;
  paidOn: string;
  amount: number;
  reference: string;
};

export type StatementLine = {
  date: string;
  kind: "invoice" | "payment" | "void";
  reference: string;
  description: string;
  /** What the line adds to the balance (invoices). */
  charge: number;
  /** What the line takes off it (payments, voided invoices). */
  credit: number;
  balance: number;
};

export type StatementSection = {
  currency: string;
  openingBalance: number;
  lines: StatementLine[];
  totalCharges: number;
  totalCredits: number;
  closingBalance: number;
};

export type Statement = {
  from: string;
  to: string;
  sections: StatementSection[];
};

type Entry = Omit<StatementLine, "balance"> & { currency: string; order: number };

/** Every movement of the account, whatever the period: charges, payments, reversals. */
function entriesOf(invoiceRows: StatementInvoice[], paymentRows: StatementPayment[]): Entry[] {
  const entries: Entry[] = [];
  for (const invoice of invoiceRows) {
    if (!invoice.wasIssued) continue;
    entries.push({
      currency: invoice.currency,
      date: invoice.issueDate,
      kind: "invoice",
      reference: invoice.number,
      description: `Invoice ${invoice.number}, due ${invoice.dueDate}`,
      charge: invoice.total,
      credit: 0,
      order: 0,
    });
    if (invoice.voidedOn)
      entries.push({
        currency: invoice.currency,
        // A void is never dated before the invoice it cancels.
        // biome-ignore lint/complexity/useMathMinMax: ISO date strings, not numbers
        date: invoice.voidedOn < invoice.issueDate ? invoice.issueDate : invoice.voidedOn,
        kind: "void",
        reference: invoice.number,
        description: `Invoice ${invoice.number} voided`,
        charge: 0,
        credit: invoice.total,
        order: 2,
      });
  }
  for (const payment of paymentRows)
    entries.push({
      currency: payment.currency,
      date: payment.paidOn,
      kind: "payment",
      reference: payment.invoiceNumber,
      description: `Payment for ${payment.invoiceNumber}${payment.reference ? ` (${payment.reference})` : ""}`,
      charge: 0,
      credit: payment.amount,
      order: 1,
    });
  return entries.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || a.order - b.order || a.reference.localeCompare(b.reference),
  );
}

/**
 * The arithmetic of a statement: the opening balance is everything before `from`;
 * lines are the movements from `from` to `to` (inclusive), each with the running
 * balance; the closing balance is the opening plus charges minus credits.
 */
export function buildStatement({
  from,
  to,
  invoices: invoiceRows,
  payments: paymentRows,
  currency,
}: {
  from: string;
  to: string;
  invoices: StatementInvoice[];
  payments: StatementPayment[];
  /** The client's own currency: its section is there even when nothing happened. */
  currency: string;
}): Statement {
  const entries = entriesOf(invoiceRows, paymentRows);
  const currencies = [...new Set([currency, ...entries.map((entry) => entry.currency)])].sort(
    (a, b) => (a === currency ? -1 : b === currency ? 1 : a.localeCompare(b)),
  );
  const sections = currencies.map((code): StatementSection => {
    const own = entries.filter((entry) => entry.currency === code && entry.date <= to);
    const openingBalance = own
      .filter((entry) => entry.date < from)
      .reduce((sum, entry) => sum + entry.charge - entry.credit, 0);
    let balance = openingBalance;
    const lines = own
      .filter((entry) => entry.date >= from)
      .map(({ currency: _currency, order: _order, ...line }) => {
        balance += line.charge - line.credit;
        return { ...line, balance };
      });
    const totalCharges = lines.reduce((sum, line) => sum + line.charge, 0);
    const totalCredits = lines.reduce((sum, line) => sum + line.credit, 0);
    return {
      currency: code,
      openingBalance,
      lines,
      totalCharges,
      totalCredits,
      closingBalance: openingBalance + totalCharges - totalCredits,
    };
  });
  // A currency with nothing before or in the period has nothing to say (the client's own stays).
  return {
    from,
    to,
    sections: sections.filter(
      (section) =>
        section.currency === currency || section.lines.length || section.openingBalance !== 0,
    ),
  };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period asked for in an address (?from=&to=), checked; the year so far by default. */
export function statementPeriod(
  params: URLSearchParams,
  today = new Date().toISOString().slice(0, 10),
) {
  const from = params.get("from") || `${today.slice(0, 4)}-01-01`;
  const to = params.get("to") || today;
  const isDay = (value: string) =>
    ISO_DAY.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  if (!isDay(from) || !isDay(to))
    throw new AppError("INVALID", "Choose the period's first and last day as dates.");
  if (from > to) throw new AppError("INVALID", "The period's first day must come before its last.");
  return { from, to };
}

/** A client's statement for a period, from the stored invoices and payments. */
export async function getStatement({
  db,
  clientId,
  from,
  to,
}: {
  db: Db;
  clientId: string;
  from: string;
  to: string;
}) {
  const [client] = await db
    .select({
      id: clients.id,
      company: clients.company,
      currency: clients.currency,
      billingAddress: clients.billingAddress,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw new AppError("NOT_FOUND", "That client no longer exists.");
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), ne(invoices.status, "draft")))
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
  const paymentRows = invoiceRows.length
    ? await db
        .select({
          id: payments.id,
          invoiceId: payments.invoiceId,
          currency: payments.currency,
          paidOn: payments.paidOn,
          amount: payments.amount,
          reference: payments.reference,
        })
        .from(payments)
        .where(
          inArray(
            payments.invoiceId,
            invoiceRows.map((invoice) => invoice.id),
          ),
        )
    : [];
  const numberOf = new Map(invoiceRows.map((invoice) => [invoice.id, invoice.number]));
  const statement = buildStatement({
    from,
    to,
    currency: client.currency,
    invoices: invoiceRows.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      currency: invoice.currency,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      total: invoice.total,
      status: invoice.status,
      voidedOn: invoice.voidedAt ? invoice.voidedAt.toISOString().slice(0, 10) : null,
      wasIssued: invoice.sentAt !== null,
    })),
    payments: paymentRows.map((payment) => ({
      ...payment,
      invoiceNumber: numberOf.get(payment.invoiceId) ?? "",
    })),
  });
  return { client, statement };
}

/** One CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number) {
  if (typeof value === "number") return String(value);
  let text = value;
  // A leading =, +, - or @ (or a tab or carriage return) would start a spreadsheet formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The statement as CSV (RFC 4180, CRLF line ends): one row per line, with the opening
 * and closing balances as rows of their own. Amounts are decimal numbers in the
 * currency's units ("1234.50"), computed from the integer minor units.
 */
export function statementCsv(statement: Statement) {
  const rows: Array<Array<string | number>> = [
    ["Currency", "Date", "Type", "Reference", "Description", "Charge", "Credit", "Balance"],
  ];
  const amount = (value: number, currency: string) =>
    value ? moneyInputValue(value, currency) : "";
  for (const section of statement.sections) {
    const { currency } = section;
    rows.push([
      currency,
      statement.from,
      "Opening balance",
      "",
      "",
      "",
      "",
      moneyInputValue(section.openingBalance, currency),
    ]);
    for (const line of section.lines)
      rows.push([
        currency,
        line.date,
        line.kind === "invoice" ? "Invoice" : line.kind === "payment" ? "Payment" : "Void",
        line.reference,
        line.description,
        amount(line.charge, currency),
        amount(line.credit, currency),
        moneyInputValue(line.balance, currency),
      ]);
    rows.push([
      currency,
      statement.to,
      "Closing balance",
      "",
      "",
      "",
      "",
      moneyInputValue(section.closingBalance, currency),
    ]);
  }
  return `${rows.map((row) => row.map((cell) => csvDecimal(cell)).join(",")).join("\r\n")}\r\n`;
}

/** Decimal amounts are numbers to a spreadsheet, so a negative one must not be escaped. */
function csvDecimal(cell: string | number) {
  return typeof cell === "string" && /^-?\d+(\.\d+)?$/.test(cell) ? cell : csvField(cell);
}
