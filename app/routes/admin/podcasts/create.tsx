import { PageHeader } from "#app/components/admin/page-header.tsx";
import { PodcastForm } from "#app/components/admin/podcast-form.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { createEpisode } from "#server/podcasts/episodes.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/create";

export const meta = () => [{ title: "New episode | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return null;
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { context } = args;
  const input = Object.fromEntries(await readForm(args.request));
  try {
    const episode = await createEpisode({
      database: context.database,
      env: context.env,
      input,
      actor: { id: user.id, email: user.email, address: context.clientAddress },
    });
    return redirectWithToast(`/admin/podcasts/edit/${episode.id}`, {
      message:
        episode.status === "published"
          ? "Episode published: /podcasts and the RSS feed show it now."
          : episode.status === "scheduled"
            ? "Episode scheduled."
            : "Draft saved.",
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function PodcastsCreateScreen({ actionData }: Route.ComponentProps) {
  const result = actionData as
    | { ok: false; error: string; fieldErrors?: Record<string, string[]> }
    | undefined;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader title="New episode" back={{ to: "/admin/podcasts", label: "Podcasts" }} />
      {result?.error ? (
        <p
          role="alert"
          className="mb-6 rounded-lg border border-red-400/40 bg-red-500/10 px-4 py-3 text-red-200"
        >
          {result.error}
        </p>
      ) : null}
      <PodcastForm errors={result?.fieldErrors} submitLabel="Save episode" />
    </main>
  );
}
