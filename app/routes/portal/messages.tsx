import { Link } from "react-router";
import { formatDateTime } from "#app/components/business/fields.tsx";
import { localeFrom } from "#server/business/locale.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { listPortalThreads } from "#server/portal/messages.ts";
import type { Route } from "./+types/messages";

export const meta = () => [{ title: "Messages | Frontier client portal" }];

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const threads = await listPortalThreads({ db: args.context.db, clientId: viewer.clientId });
  return { threads, locale: localeFrom(args.request) };
}

/** One conversation per project with the team: newest activity first, what is new marked. */
export default function PortalMessages({ loaderData }: Route.ComponentProps) {
  const { threads, locale } = loaderData;
  return (
    <main id="main">
      <h1 className="heading-lg">Messages</h1>
      <p className="mt-2 mb-6 text-mist-300">
        Write to your team about any project. When they answer, you get a mail and the answer shows
        here.
      </p>
      {threads.length ? (
        <ul
          className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-ink-900/70"
          data-testid="threads"
        >
          {threads.map((thread) => (
            <li key={thread.projectId}>
              <Link
                to={`/portal/messages/${thread.projectId}`}
                className="block px-4 py-3 hover:bg-white/5"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-white">{thread.projectName}</span>
                  {thread.unread > 0 ? (
                    <span className="rounded-full bg-frontier-orange px-2 py-0.5 text-xs font-semibold text-ink-950">
                      {thread.unread} new<span className="sr-only"> messages</span>
                    </span>
                  ) : null}
                </span>
                <span className="mt-1 block truncate text-sm text-mist-300">
                  {thread.lastMessagePreview
                    ? `${thread.lastAuthorKind === "staff" ? "Team" : "You"}: ${thread.lastMessagePreview}`
                    : "No messages yet. Start the conversation."}
                </span>
                {thread.lastMessageAt ? (
                  <span className="mt-1 block text-xs text-mist-400">
                    {formatDateTime(thread.lastMessageAt, locale)}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card text-mist-300">
          Messages open with your first project, once a proposal is accepted.
        </p>
      )}
    </main>
  );
}
