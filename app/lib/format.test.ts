import { describe, expect, it } from "vitest";
import { formatDate } from "./format";

const intl = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

describe("formatDate", () => {
  it("writes what Intl writes for en-GB in UTC, on every day from 1999 to 2031", () => {
    const day = 24 * 60 * 60 * 1000;
    for (let time = Date.UTC(1999, 0, 1); time < Date.UTC(2032, 0, 1); time += day) {
      // Late in the day too: the UTC date, whatever the machine's time zone.
      const date = new Date(time + 23 * 60 * 60 * 1000 + 59 * 60 * 1000);
      expect(formatDate(date)).toBe(intl.format(date));
    }
  });

  it("takes ISO strings and leaves a missing date empty", () => {
    expect(formatDate("2026-03-12T10:00:00.000Z")).toBe("12 March 2026");
    expect(formatDate("2026-12-31T23:30:00.000Z")).toBe("31 December 2026");
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
  });
});
