import { Form } from "react-router";

/** Starts a sync by hand; it says so while one runs. */
export function SyncNowForm({
  isRunning,
  isDisabled,
}: {
  isRunning: boolean;
  isDisabled: boolean;
}) {
  return (
    <Form method="post">
      <button
        type="submit"
        name="intent"
        value="sync"
        className="btn-primary"
        disabled={isDisabled}
      >
        {isRunning ? "Syncing…" : "Sync now"}
      </button>
    </Form>
  );
}
