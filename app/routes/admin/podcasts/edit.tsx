import { useState } from "react";
import { Form, Link } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { ContentFigures } from "#app/components/admin/content-figures.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { PodcastForm } from "#app/components/admin/podcast-form.tsx";
import { versionKey } from "#app/lib/version-key.ts";
import { getEpisodeFigures } from "#server/analytics/attribution.ts";
import { requireRole } from "#server/auth/guard.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid } from "#server/ids.ts";
import { deleteEpisode, findEpisode, updateEpisode } from "#server/podcasts/episodes.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/edit";

export const meta = () => [{ title: "Edit episode | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const id = args.params.id;
  const episode = isUuid(id) ? await findEpisode(args.context.db, id) : undefined;
  if (!episode) throw new Response("That episode does not exist.", { status: 404 });
  return { episode, figures: await getEpisodeFigures({ db: args.context.db, slug: episode.slug }) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { context, params } = args;
  const form = await readForm(args.request);
  const actor = { id: user.id, email: user.email, address: context.clientAddress };
  try {
    if (form.get("intent") === "delete") {
      const deleted = await deleteEpisode({ database: context.database, id: params.id, actor });
      return redirectWithToast("/admin/podcasts", { message: `“${deleted.title}” deleted.` });
    }
    const episode = await updateEpisode({
      database: context.database,
      env: context.env,
      id: params.id,
      input: Object.fromEntries(form),
      actor,
    });
    return redirectWithToast(`/admin/podcasts/edit/${episode.id}`, {
      message:
        episode.status === "published"
          ? "Saved: /podcasts and the RSS feed show the change now."
          : episode.status === "scheduled"
            ? "Saved and scheduled."
            : "Draft saved.",
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function PodcastsEditScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { episode, figures } = loaderData;
  const result = actionData as
    | { ok: false; error: string; fieldErrors?: Record<string, string[]> }
    | undefined;
  const [isConfirming, setConfirming] = useState(false);
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title={episode.title}
        back={{ to: "/admin/podcasts", label: "Podcasts" }}
        actions={
          <>
            {episode.status === "published" ? (
              <Link
                to={`/podcasts#${episode.slug}`}
                className="btn-secondary"
                target="_blank"
                rel="noreferrer"
              >
                View on /podcasts
              </Link>
            ) : null}
            <button type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
              Delete
            </button>
          </>
        }
      />
      <ContentFigures figures={figures} />
      {result?.error ? (
        <p
          role="alert"
          className="mb-6 rounded-lg border border-red-400/40 bg-red-500/10 px-4 py-3 text-red-200"
        >
          {result.error}
        </p>
      ) : null}
      <PodcastForm
        key={versionKey(episode.updatedAt)}
        values={episode}
        errors={result?.fieldErrors}
        submitLabel="Save changes"
      />
      <Form method="post" id="delete-episode">
        <input type="hidden" name="intent" value="delete" />
      </Form>
      <ConfirmModal
        open={isConfirming}
        title="Delete this episode?"
        confirmLabel="Delete episode"
        isDanger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          (document.getElementById("delete-episode") as HTMLFormElement | null)?.requestSubmit();
        }}
      >
        “{episode.title}” disappears from /podcasts and the RSS feed at once.
        {episode.kind === "video"
          ? " The YouTube sync would bring a video episode back while the video is in the channel's feed."
          : ""}
      </ConfirmModal>
    </main>
  );
}
