import { describe, expect, it } from "vitest";
import { daysOf, parsePeriod } from "./period";
import { percentChange } from "./report";

const today = "2026-03-31";
const periodFor = (query: string) =>
  parsePeriod(new URL(`http://x/admin/analytics?${query}`), today);

describe("the analytics period", () => {
  it("is the last 7, 30 or 90 days with today, against as many days before", () => {
    expect(periodFor("period=7").period).toMatchObject({
      from: "2026-03-25",
      to: "2026-03-31",
      days: 7,
      previous: { from: "2026-03-18", to: "2026-03-24" },
    });
    expect(periodFor("").period).toMatchObject({ preset: "30", from: "2026-03-02", days: 30 });
    expect(periodFor("period=90").period.days).toBe(90);
  });

  it("takes a custom range and ends it today at the latest", () => {
    expect(periodFor("from=2026-02-01&to=2026-02-28").period).toMatchObject({
      preset: "custom",
      days: 28,
      previous: { from: "2026-01-04", to: "2026-01-31" },
    });
    expect(periodFor("from=2026-03-30&to=2026-05-01").period).toMatchObject({
      to: today,
      days: 2,
    });
  });

  it("explains a range it cannot show and falls back to 30 days", () => {
    for (const query of [
      "from=2026-03-10",
      "from=2026-02-30&to=2026-03-01",
      "from=2026-03-10&to=2026-03-01",
      "from=2027-01-01&to=2027-01-02",
      "from=2020-01-01&to=2026-03-01",
      "from=<script>&to=x",
    ]) {
      const { period, error } = periodFor(query);
      expect(error, query).toBeTruthy();
      expect(period.preset).toBe("30");
    }
  });

  it("lists every day and the change in percent", () => {
    expect(daysOf({ from: "2026-02-27", to: "2026-03-02" })).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
  });
});
