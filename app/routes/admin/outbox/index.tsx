import { Form } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { KeysetPagination } from "#app/components/admin/pagination.tsx";
import { parseListParams } from "#server/admin/list-params.ts";
import { requireRole } from "#server/auth/guard.ts";
import { findOutboxMessages } from "#server/mail/outbox.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Outbox | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const params = parseListParams(args.url, {
    sortable: ["createdAt"],
    defaultSort: "createdAt",
    pageSize: 20,
  });
  const to = args.url.searchParams.get("to")?.trim().slice(0, 254) ?? "";
  const { rows, total, previousCursor, nextCursor, totalIsEstimate } = await findOutboxMessages(
    args.context.db,
    {
      ...params,
      to,
      after: args.url.searchParams.get("after") ?? undefined,
      before: args.url.searchParams.get("before") ?? undefined,
    },
  );
  return {
    rows,
    total,
    keyset: { previousCursor, nextCursor, totalIsEstimate },
    page: params.page,
    pageSize: params.pageSize,
    to,
    hasSmtp: Boolean(args.context.env.SMTP_URL),
  };
}

const statusLabel = { outbox: "Kept in the Outbox", sent: "Sent", failed: "Failed" } as const;

export default function OutboxScreen({ loaderData }: Route.ComponentProps) {
  const { rows, total, keyset, to, hasSmtp } = loaderData;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Outbox"
        description={
          hasSmtp
            ? "Every mail the product sent through SMTP, newest first."
            : "No SMTP server is configured, so every mail the product sends is kept here instead, newest first."
        }
      />
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <div className="min-w-64">
          <label htmlFor="outbox-to" className="field-label">
            Recipient
          </label>
          <input id="outbox-to" name="to" type="email" defaultValue={to} className="field-input" />
        </div>
        <button type="submit" className="btn-secondary px-5 py-2">
          Filter
        </button>
      </Form>
      {rows.length === 0 ? (
        <div className="card text-mist-300" data-empty-state>
          {to ? `No mail to ${to}.` : "No mail yet."}
        </div>
      ) : (
        <ol className="flex flex-col gap-4">
          {rows.map((message) => (
            <li key={message.id}>
              <article className="card" aria-labelledby={`mail-${message.id}`}>
                <header className="flex flex-wrap items-start justify-between gap-2 border-b border-white/10 pb-3">
                  <div>
                    <h2 id={`mail-${message.id}`} className="heading-md">
                      {message.subject}
                    </h2>
                    <p className="mt-1 text-sm text-mist-300">
                      To <span data-mail-to>{message.to}</span> · from {message.from}
                    </p>
                  </div>
                  <div className="text-right text-sm text-mist-400">
                    <time dateTime={message.createdAt}>
                      {new Date(message.createdAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC
                    </time>
                    <p className={message.status === "failed" ? "text-red-300" : ""}>
                      {statusLabel[message.status]}
                      {message.error ? `: ${message.error}` : ""}
                    </p>
                  </div>
                </header>
                <div
                  className="prose-frontier mt-4 break-words"
                  // Sanitised on the server (server/mail/outbox.ts).
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised mail body
                  dangerouslySetInnerHTML={{ __html: message.bodyHtml }}
                />
              </article>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-6">
        <KeysetPagination {...keyset} total={total} />
      </div>
    </main>
  );
}
