import { describe, expect, it } from "vitest";
import { retainerChangeSchema, retainerFormSchema } from "#shared/business/retainer-form.ts";
import { formatMoney } from "#shared/money.ts";
import {
  addMonths,
  dueDateOf,
  isPausedOn,
  nextPeriod,
  periodAt,
  periodsDue,
  versionFor,
} from "./periods";

const monthly = {
  period: "month" as const,
  startDate: "2026-01-01",
  endDate: null,
  issueDay: 5,
  paymentTermsDays: 14,
};

describe("a retainer's calendar", () => {
  it("lays out monthly periods from the first month, with their issue day", () => {
    expect(periodAt(monthly, 0)).toEqual({
      start: "2026-01-01",
      end: "2026-01-31",
      issueDate: "2026-01-05",
      label: "January 2026",
    });
    expect(periodAt(monthly, 1)).toMatchObject({ start: "2026-02-01", end: "2026-02-28" });
    expect(periodAt({ ...monthly, startDate: "2028-02-01" }, 0).end).toBe("2028-02-29");
    expect(periodAt(monthly, 12)).toMatchObject({ start: "2027-01-01", label: "January 2027" });
    expect(addMonths("2026-11-01", 3)).toBe("2027-02-01");
  });

  it("lays out quarters from any first month", () => {
    const quarterly = { ...monthly, period: "quarter" as const, startDate: "2026-11-01" };
    expect(periodAt(quarterly, 0)).toEqual({
      start: "2026-11-01",
      end: "2027-01-31",
      issueDate: "2026-11-05",
      label: "November 2026 to January 2027",
    });
    expect(periodAt(quarterly, 1).label).toBe("February to April 2027");
  });

  it("finds the periods due by a day, stopping at the end date", () => {
    expect(periodsDue(monthly, "2026-01-04")).toEqual([]);
    expect(periodsDue(monthly, "2026-01-05").map((period) => period.start)).toEqual(["2026-01-01"]);
    expect(periodsDue(monthly, "2026-04-30")).toHaveLength(4);
    const ending = { ...monthly, endDate: "2026-02-15" };
    expect(periodsDue(ending, "2026-12-31").map((period) => period.start)).toEqual([
      "2026-01-01",
      "2026-02-01",
    ]);
    expect(nextPeriod(ending, "2026-02-10")).toBeUndefined();
    expect(nextPeriod(monthly, "2026-02-10")).toMatchObject({ issueDate: "2026-03-05" });
  });

  it("takes the newest version in force at a period's start", () => {
    const at = (iso: string) => new Date(iso);
    const versions = [
      { id: "a", effectiveFrom: "2026-01-01", createdAt: at("2026-01-01T10:00:00Z") },
      { id: "b", effectiveFrom: "2026-03-01", createdAt: at("2026-02-01T10:00:00Z") },
      { id: "c", effectiveFrom: "2026-03-01", createdAt: at("2026-02-02T10:00:00Z") },
      { id: "d", effectiveFrom: "2026-03-15", createdAt: at("2026-01-05T10:00:00Z") },
    ];
    expect(versionFor(versions, "2026-02-01")?.id).toBe("a");
    expect(versionFor(versions, "2026-03-01")?.id).toBe("c");
    expect(versionFor(versions, "2026-04-01")?.id).toBe("d");
    expect(versionFor(versions, "2025-12-01")).toBeUndefined();
  });

  it("counts a pause from its first day up to, not including, the day it resumed", () => {
    const pauses = [{ pausedOn: "2026-02-01", resumedOn: "2026-03-05" }];
    expect(isPausedOn(pauses, "2026-01-31")).toBe(false);
    expect(isPausedOn(pauses, "2026-02-01")).toBe(true);
    expect(isPausedOn(pauses, "2026-03-04")).toBe(true);
    expect(isPausedOn(pauses, "2026-03-05")).toBe(false);
    expect(isPausedOn([{ pausedOn: "2026-04-01", resumedOn: null }], "2030-01-01")).toBe(true);
    expect(dueDateOf(monthly, "2026-12-25")).toBe("2027-01-08");
  });
});

describe("retainer money", () => {
  const form = {
    amount: "2,500.50",
    currency: "usd",
    period: "month",
    startMonth: "2026-03",
    issueDay: "1",
    paymentTermsDays: "14",
    description: "Monthly support",
  };

  it("keeps amounts as whole minor units of the retainer's currency", () => {
    expect(retainerFormSchema.parse(form)).toMatchObject({
      amount: 250_050,
      currency: "USD",
      startDate: "2026-03-01",
      issueDay: 1,
      paymentTermsDays: 14,
    });
    expect(retainerFormSchema.parse({ ...form, currency: "JPY", amount: "150000" }).amount).toBe(
      150_000,
    );
    expect(retainerFormSchema.parse({ ...form, currency: "KWD", amount: "1.234" }).amount).toBe(
      1234,
    );
    expect(formatMoney(150_000, "JPY", "en")).toBe("¥150,000");
    expect(
      retainerChangeSchema("EUR").parse({
        effectiveFrom: "2026-05-01",
        amount: "0.10",
        description: "Hosting",
      }).amount,
    ).toBe(10);
  });

  it("refuses amounts that are not money, zero, negative, too precise or too large", () => {
    for (const [currency, amount] of [
      ["USD", "0"],
      ["USD", "-5"],
      ["USD", "12.345"],
      ["JPY", "1.5"],
      ["USD", "ten"],
      ["USD", "10000000.01"],
    ]) {
      const parsed = retainerFormSchema.safeParse({ ...form, currency, amount });
      expect(parsed.success, `${amount} ${currency}`).toBe(false);
      expect(parsed.error?.issues[0].path).toEqual(["amount"]);
    }
    expect(retainerFormSchema.safeParse({ ...form, issueDay: "29" }).success).toBe(false);
    expect(retainerFormSchema.safeParse({ ...form, startMonth: "2026-13" }).success).toBe(false);
  });
});
