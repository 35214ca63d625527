import type { Route } from "./+types/detail";

type Delivery = Route.ComponentProps["loaderData"]["deliveries"][number];

const when = (value: Date | string | null) =>
  value
    ? `${new Date(value).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "UTC" })} UTC`
    : "";

const statusStyle: Record<string, string> = {
  succeeded: "text-green-300",
  pending: "text-amber-200",
  failed: "text-red-300",
  cancelled: "text-mist-400",
};

/** The newest deliveries, each with its tries: the status and first KB of every answer. */
export function DeliveryLog({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0)
    return (
      <p className="mt-4 text-mist-300">
        Nothing sent yet. Send a test to see the receiver's answer here.
      </p>
    );
  return (
    <ol className="mt-4 space-y-3">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="rounded-xl border border-white/10 p-3">
          <details>
            <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1">
              <code className="text-sm text-white">{delivery.eventType}</code>
              <span className={`text-sm font-medium ${statusStyle[delivery.status] ?? ""}`}>
                {delivery.status}
                {delivery.lastStatusCode ? ` (${delivery.lastStatusCode})` : ""}
              </span>
              <span className="text-xs text-mist-400">
                {when(delivery.createdAt)} · try {delivery.attempts} of {delivery.maxAttempts}
                {delivery.status === "pending" && delivery.nextAttemptAt
                  ? ` · next ${when(delivery.nextAttemptAt)}`
                  : ""}
              </span>
            </summary>
            <p className="mt-2 text-xs text-mist-400">
              Event id <code>{delivery.eventId}</code>
            </p>
            {delivery.lastError ? (
              <p className="mt-1 text-sm text-red-200">{delivery.lastError}</p>
            ) : null}
            <ol className="mt-2 space-y-2">
              {delivery.tries.map((attempt) => (
                <li key={attempt.id} className="text-sm">
                  <span className="text-mist-300">
                    Try {attempt.attempt}, {when(attempt.createdAt)}, {attempt.durationMs} ms:{" "}
                    {attempt.statusCode ? `answered ${attempt.statusCode}` : attempt.error}
                  </span>
                  {attempt.responseBody ? (
                    <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-ink-800 p-2 text-xs text-mist-100">
                      {attempt.responseBody}
                    </pre>
                  ) : null}
                </li>
              ))}
            </ol>
          </details>
        </li>
      ))}
    </ol>
  );
}
