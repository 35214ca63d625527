import { describe, expect, it } from "vitest";
import { progressHeading } from "./campaign-progress";

const report = { sent: 10, failed: 0, unsubscribed: 0, opened: 0, clicked: 0 };

describe("the campaign progress heading", () => {
  it("says what happened once the send is over, not 'Sending'", () => {
    expect(progressHeading({ status: "sent", problem: null, report })).toBe(
      "Sent to 10 subscribers",
    );
    expect(
      progressHeading({ status: "sent", problem: null, report: { ...report, sent: 1, failed: 2 } }),
    ).toBe("Sent to 1 subscriber (2 could not be delivered)");
    expect(progressHeading({ status: "sending", problem: "failed", report })).toMatch(
      /^Sending failed/,
    );
  });

  it("says a send is paused while the mail server cannot be reached", () => {
    expect(progressHeading({ status: "sending", problem: "paused", report })).toMatch(/^Paused/);
    expect(progressHeading({ status: "sending", problem: null, report })).toBe("Sending…");
  });
});
