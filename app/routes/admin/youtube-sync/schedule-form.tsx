import { Form } from "react-router";

const intervalLabel: Record<number, string> = {
  0: "Off (sync by hand only)",
  15: "Every 15 minutes",
  60: "Every hour",
  360: "Every 6 hours",
  1440: "Once a day",
};

/** How often the sync runs on its own. */
export function ScheduleForm({
  intervalMinutes,
  intervals,
}: {
  intervalMinutes: number;
  intervals: number[];
}) {
  return (
    <Form method="post" className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="interval" />
      <div>
        <label htmlFor="minutes" className="field-label">
          Sync automatically
        </label>
        <select
          id="minutes"
          name="minutes"
          defaultValue={String(intervalMinutes)}
          className="field-input"
        >
          {intervals.map((minutes) => (
            <option key={minutes} value={minutes}>
              {intervalLabel[minutes]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Save schedule
      </button>
    </Form>
  );
}
