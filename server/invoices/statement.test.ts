import { describe, expect, it } from "vitest";
import { AppError } from "#server/errors.ts";
import {
  buildStatement,
  csvField,
  type StatementInvoice,
  type StatementPayment,
  statementCsv,
  statementPeriod,
} from "./statement";

function invoice(overrides: Partial<StatementInvoice> & { number: string }): StatementInvoice {
  return {
    id: overrides.number,
    currency: "USD",
    issueDate: "2026-02-01",
    dueDate: "2026-02-15",
    total: 100_00,
    status: "sent",
    voidedOn: null,
    wasIssued: true,
    ...overrides,
  };
}

function payment(
  overrides: Partial<StatementPayment> & { invoiceNumber: string },
): StatementPayment {
  return {
    id: `${overrides.invoiceNumber}-${overrides.paidOn ?? "x"}`,
    currency: "USD",
    paidOn: "2026-02-10",
    amount: 100_00,
    reference: "",
    ...overrides,
  };
}

describe("statement of account arithmetic", () => {
  it("carries everything before the period into the opening balance", () => {
    const statement = buildStatement({
      from: "2026-03-01",
      to: "2026-03-31",
      currency: "USD",
      invoices: [
        invoice({ number: "INV-1", issueDate: "2026-01-10", total: 500_00 }),
        invoice({ number: "INV-2", issueDate: "2026-02-10", total: 300_00 }),
        invoice({ number: "INV-3", issueDate: "2026-03-05", total: 200_00 }),
      ],
      payments: [
        payment({ invoiceNumber: "INV-1", paidOn: "2026-02-01", amount: 500_00 }),
        payment({ invoiceNumber: "INV-2", paidOn: "2026-03-20", amount: 300_00 }),
      ],
    });
    const [section] = statement.sections;
    // 500 + 300 invoiced before March, 500 paid before March.
    expect(section.openingBalance).toBe(300_00);
    expect(section.lines.map((line) => [line.date, line.kind, line.balance])).toEqual([
      ["2026-03-05", "invoice", 500_00],
      ["2026-03-20", "payment", 200_00],
    ]);
    expect(section).toMatchObject({
      totalCharges: 200_00,
      totalCredits: 300_00,
      closingBalance: 200_00,
    });
  });

  it("leaves out what happens after the period, and counts partial payments as they came", () => {
    const statement = buildStatement({
      from: "2026-02-01",
      to: "2026-02-28",
      currency: "USD",
      invoices: [invoice({ number: "INV-1", issueDate: "2026-02-01", total: 1_000_00 })],
      payments: [
        payment({ invoiceNumber: "INV-1", paidOn: "2026-02-10", amount: 250_00 }),
        payment({ invoiceNumber: "INV-1", paidOn: "2026-02-20", amount: 250_01 }),
        payment({ invoiceNumber: "INV-1", paidOn: "2026-03-02", amount: 499_99 }),
      ],
    });
    const [section] = statement.sections;
    expect(section.openingBalance).toBe(0);
    expect(section.lines.map((line) => line.balance)).toEqual([1_000_00, 750_00, 499_99]);
    expect(section.closingBalance).toBe(499_99);
  });

  it("orders a day's movements: the invoice, then its payment, then a void", () => {
    const statement = buildStatement({
      from: "2026-02-01",
      to: "2026-02-28",
      currency: "USD",
      invoices: [
        invoice({
          number: "INV-2",
          issueDate: "2026-02-05",
          total: 80_00,
          voidedOn: "2026-02-05",
          status: "void",
        }),
        invoice({ number: "INV-1", issueDate: "2026-02-05", total: 40_00 }),
      ],
      payments: [payment({ invoiceNumber: "INV-1", paidOn: "2026-02-05", amount: 40_00 })],
    });
    expect(statement.sections[0].lines.map((line) => `${line.kind} ${line.reference}`)).toEqual([
      "invoice INV-1",
      "invoice INV-2",
      "payment INV-1",
      "void INV-2",
    ]);
    expect(statement.sections[0].closingBalance).toBe(0);
  });

  it("reverses a voided invoice on its void date, and ignores one the client never received", () => {
    const invoices = [
      invoice({
        number: "INV-1",
        issueDate: "2026-01-20",
        total: 700_00,
        voidedOn: "2026-02-03",
        status: "void",
      }),
      invoice({
        number: "INV-2",
        issueDate: "2026-02-01",
        total: 90_00,
        voidedOn: "2026-02-02",
        wasIssued: false,
      }),
    ];
    const january = buildStatement({
      from: "2026-01-01",
      to: "2026-01-31",
      currency: "USD",
      invoices,
      payments: [],
    });
    expect(january.sections[0].closingBalance).toBe(700_00);
    const february = buildStatement({
      from: "2026-02-01",
      to: "2026-02-28",
      currency: "USD",
      invoices,
      payments: [],
    });
    const [section] = february.sections;
    expect(section.openingBalance).toBe(700_00);
    expect(section.lines).toEqual([
      expect.objectContaining({ kind: "void", reference: "INV-1", credit: 700_00, balance: 0 }),
    ]);
    expect(section.closingBalance).toBe(0);
  });

  it("keeps one section per currency, never adding amounts of different currencies", () => {
    const statement = buildStatement({
      from: "2026-01-01",
      to: "2026-12-31",
      currency: "EUR",
      invoices: [
        invoice({ number: "INV-1", currency: "USD", total: 100_00 }),
        invoice({ number: "INV-2", currency: "EUR", total: 50_00 }),
        invoice({ number: "INV-3", currency: "JPY", total: 12_000 }),
      ],
      payments: [payment({ invoiceNumber: "INV-1", currency: "USD", amount: 40_00 })],
    });
    expect(statement.sections.map((section) => [section.currency, section.closingBalance])).toEqual(
      [
        ["EUR", 50_00],
        ["JPY", 12_000],
        ["USD", 60_00],
      ],
    );
  });

  it("shows the client's own currency even when nothing happened", () => {
    const statement = buildStatement({
      from: "2026-01-01",
      to: "2026-01-31",
      currency: "GBP",
      invoices: [],
      payments: [],
    });
    expect(statement.sections).toEqual([
      {
        currency: "GBP",
        openingBalance: 0,
        lines: [],
        totalCharges: 0,
        totalCredits: 0,
        closingBalance: 0,
      },
    ]);
  });

  it("checks the period and defaults it to the year so far", () => {
    expect(statementPeriod(new URLSearchParams(), "2026-05-17")).toEqual({
      from: "2026-01-01",
      to: "2026-05-17",
    });
    expect(() => statementPeriod(new URLSearchParams({ from: "2026-02-30" }))).toThrow(AppError);
    expect(() => statementPeriod(new URLSearchParams({ from: "yesterday" }))).toThrow(AppError);
    expect(() =>
      statementPeriod(new URLSearchParams({ from: "2026-03-01", to: "2026-02-01" })),
    ).toThrow("before its last");
  });
});

describe("statement CSV", () => {
  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a, b")).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("carriage\rreturn")).toBe('"carriage\rreturn"');
    expect(csvField(" padded ")).toBe('" padded "');
    expect(csvField(1234)).toBe("1234");
  });

  it("keeps spreadsheets from reading text as a formula", () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField("+1+1")).toBe("'+1+1");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("=1,2")).toBe('"\'=1,2"');
  });

  it("writes balances as decimals from minor units, with CRLF line ends", () => {
    const statement = buildStatement({
      from: "2026-02-01",
      to: "2026-02-28",
      currency: "USD",
      invoices: [
        invoice({ number: "INV-1", issueDate: "2026-01-15", total: 1_234_50 }),
        invoice({ number: "INV-2", total: 5 }),
      ],
      payments: [
        payment({ invoiceNumber: "INV-1", amount: 1_300_00, reference: '=cmd|"/c calc"!A1' }),
      ],
    });
    const csv = statementCsv(statement);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Currency,Date,Type,Reference,Description,Charge,Credit,Balance");
    expect(lines[1]).toBe("USD,2026-02-01,Opening balance,,,,,1234.50");
    expect(lines[2]).toBe(
      'USD,2026-02-01,Invoice,INV-2,"Invoice INV-2, due 2026-02-15",0.05,,1234.55',
    );
    expect(lines[3]).toBe(
      'USD,2026-02-10,Payment,INV-1,"Payment for INV-1 (=cmd|""/c calc""!A1)",,1300.00,-65.45',
    );
    expect(lines[4]).toBe("USD,2026-02-28,Closing balance,,,,,-65.45");
    expect(csv.endsWith("\r\n")).toBe(true);
  });
});
