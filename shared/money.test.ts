import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  computeTotals,
  formatMoney,
  formatQuantity,
  moneyInputValue,
  parseMoney,
  parseQuantity,
  parseRate,
} from "./money";

describe("computeTotals", () => {
  it("adds lines, applies a percent discount and taxes per rate in minor units", () => {
    const totals = computeTotals(
      [
        { quantity: 1000, unitAmount: 15_000, taxRateBp: 2000 }, // 10 h x 150.00 at 20 %
        { quantity: 150, unitAmount: 9_999, taxRateBp: 0 }, // 1.5 x 99.99 = 149.985 -> 149.99
      ],
      { kind: "percent", value: 1000 },
    );
    expect(totals.subtotal).toBe(150_000 + 14_999);
    expect(totals.discount).toBe(16_500); // 10 % of 164,999 = 16,499.9 -> 16,500
    // The discount is spread in proportion: 15,000 of it falls on the taxed line.
    expect(totals.taxes).toEqual([{ rateBp: 2000, base: 135_000, amount: 27_000 }]);
    expect(totals.total).toBe(164_999 - 16_500 + 27_000);
  });

  it("caps an amount discount at the subtotal", () => {
    const totals = computeTotals([{ quantity: 100, unitAmount: 500, taxRateBp: 1000 }], {
      kind: "amount",
      value: 10_000,
    });
    expect(totals).toMatchObject({ subtotal: 500, discount: 500, tax: 0, total: 0 });
  });

  it("keeps total = subtotal - discount + tax for any lines", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 0, max: 100_000 }),
            unitAmount: fc.integer({ min: 0, max: 10_000_000 }),
            taxRateBp: fc.constantFrom(0, 500, 2000, 2100),
          }),
          { maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, bp) => {
          const totals = computeTotals(lines, { kind: "percent", value: bp });
          expect(Number.isInteger(totals.total)).toBe(true);
          expect(totals.total).toBe(totals.subtotal - totals.discount + totals.tax);
          const bases = totals.taxes.reduce((sum, line) => sum + line.base, 0);
          expect(bases).toBeLessThanOrEqual(totals.subtotal - totals.discount);
        },
      ),
    );
  });
});

describe("allocate", () => {
  it("shares an amount out exactly", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 10 }),
        (amount, weights) => {
          expect(allocate(amount, weights).reduce((a, b) => a + b, 0)).toBe(amount);
        },
      ),
    );
  });
});

describe("parsing and formatting", () => {
  it("parses decimal text into minor units and back", () => {
    expect(parseMoney("1,234.5", "USD")).toBe(123_450);
    expect(parseMoney("12", "JPY")).toBe(12);
    expect(parseMoney("12.5", "JPY")).toBeUndefined();
    expect(parseMoney("abc", "USD")).toBeUndefined();
    expect(moneyInputValue(123_450, "USD")).toBe("1234.50");
    expect(parseQuantity("1.5")).toBe(150);
    expect(formatQuantity(150)).toBe("1.5");
    expect(parseRate("20")).toBe(2000);
    expect(parseRate("101")).toBeUndefined();
  });

  it("formats in the viewer's locale", () => {
    expect(formatMoney(123_450, "USD", "en-US")).toBe("$1,234.50");
    expect(formatMoney(123_450, "EUR", "de-DE")).toBe("1.234,50\u00a0€");
    expect(formatMoney(500, "JPY", "en-US")).toBe("¥500");
  });
});

describe("invoice form", async () => {
  const { invoiceFormSchema } = await import("#shared/business/invoice-form.ts");
  it("reads lines without a billing kind (invoices have none) as one-off", () => {
    const parsed = invoiceFormSchema.safeParse({
      clientId: "70181634-e3a6-460b-8b70-65834595a0ce",
      projectId: "",
      currency: "USD",
      issueDate: "2026-11-21",
      dueDate: "2026-12-05",
      discountKind: "none",
      discountValue: "",
      notes: "",
      items: [
        {
          description: "Build",
          quantity: "1",
          unitAmount: "3375.50",
          taxRate: "20",
          kind: "",
          interval: "",
        },
      ],
      revisionReason: "",
    });
    expect(parsed.success && parsed.data.items).toEqual([
      { description: "Build", quantity: 100, unitAmount: 337_550, taxRateBp: 2000 },
    ]);
  });
});
