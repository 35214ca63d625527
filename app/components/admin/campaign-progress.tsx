type ProgressProps = {
  status: "draft" | "scheduled" | "sending" | "sent" | "failed";
  /** "paused": waiting to retry the mail server; "failed": the send gave up. */
  problem: "paused" | "failed" | null;
  report: {
    sent: number;
    failed: number;
    unsubscribed: number;
    opened: number;
    clicked: number;
  };
  recipientCount: number;
  isTrackingEnabled: boolean;
};

const people = (count: number) => `${count} subscriber${count === 1 ? "" : "s"}`;

/** The progress box's heading: what happened, not "Sending" once it is over. */
export function progressHeading({
  status,
  problem,
  report,
}: Pick<ProgressProps, "status" | "problem" | "report">) {
  const failed = report.failed ? ` (${report.failed} could not be delivered)` : "";
  if (status === "sent") return `Sent to ${people(report.sent)}${failed}`;
  if (status === "failed" || problem === "failed")
    return `Sending failed after ${people(report.sent)}${failed}`;
  if (problem === "paused") return "Paused: the mail server cannot be reached, retrying";
  if (status === "scheduled") return "Scheduled";
  return "Sending…";
}

/** A sent or sending campaign's progress and report. */
export function CampaignProgress(props: ProgressProps) {
  const { report, recipientCount, isTrackingEnabled } = props;
  const done = report.sent + report.failed;
  const total = Math.max(recipientCount, done);
  return (
    <section className="card mb-6 space-y-3 p-5" aria-labelledby="progress-heading">
      <h2 id="progress-heading" className="heading-md" aria-live="polite">
        {progressHeading(props)}
      </h2>
      <progress className="w-full" max={total || 1} value={done} aria-label="Sending progress" />
      <p className="text-sm text-mist-300" data-testid="campaign-report">
        {done} of {total} handled · sent {report.sent} · failed {report.failed} · unsubscribed since{" "}
        {report.unsubscribed}
        {isTrackingEnabled ? ` · opened ${report.opened} · clicked ${report.clicked}` : ""}
      </p>
    </section>
  );
}
