import { Link } from "react-router";
import { localeFrom } from "#server/business/locale.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { portalData } from "#server/portal/http.ts";
import {
  getPortalThread,
  markPortalThreadRead,
  postPortalMessage,
} from "#server/portal/messages.ts";
import { requireOwnProject } from "#server/portal/onboarding.ts";
import type { Route } from "./+types/thread";
import { ThreadMessages } from "./thread-messages";
import { ThreadReplyForm } from "./thread-reply-form";
import { useMarkRead } from "./use-mark-read";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `Messages: ${data?.project.name ?? "project"} | Frontier client portal` },
];

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const thread = await portalData(() =>
    getPortalThread({ db: args.context.db, viewer, projectId: args.params.id }),
  );
  return { ...thread, locale: localeFrom(args.request) };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requirePortalViewer(args);
  const { request, context, params } = args;
  // Another client's thread is a 404 whatever is asked of it.
  await portalData(() => requireOwnProject({ db: context.db, viewer, projectId: params.id }));
  try {
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "send") {
      const message = await postPortalMessage({
        database: context.database,
        viewer,
        projectId: params.id,
        body: form.get("body"),
        address: context.clientAddress,
      });
      return { ok: true as const, sentId: message.id };
    }
    if (intent === "read") {
      await markPortalThreadRead({ database: context.database, viewer, projectId: params.id });
      return { ok: true as const };
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  }
}

/** A project's conversation with the team; new answers appear while the page is open. */
export default function PortalThread({ loaderData }: Route.ComponentProps) {
  const { project, messages, unread, locale } = loaderData;
  useMarkRead(unread, messages.at(-1)?.seq ?? 0);
  return (
    <main id="main" className="flex flex-col gap-6">
      <div>
        <Link to="/portal/messages" className="text-sm text-mist-400 hover:text-white">
          ← Messages
        </Link>
        <h1 className="heading-lg mt-3">{project.name}</h1>
        <p className="mt-2 text-mist-300">
          Your conversation with the team about this project.{" "}
          <Link to={`/portal/projects/${project.id}`} className="text-frontier-blue underline">
            Open the project
          </Link>
        </p>
      </div>
      <ThreadMessages messages={messages} locale={locale} projectName={project.name} />
      <ThreadReplyForm />
    </main>
  );
}
