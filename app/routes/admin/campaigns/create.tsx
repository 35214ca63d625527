import { useActionData } from "react-router";
import { CampaignEditor } from "#app/components/admin/campaign-editor.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { saveCampaign } from "#server/marketing/campaign-editing.ts";
import { findSubscriberTags } from "#server/marketing/subscribers.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/create";

export const meta: Route.MetaFunction = () => [{ title: "New campaign · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return { tags: await findSubscriberTags(args.context.db) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  try {
    const saved = await saveCampaign({
      db: args.context.db,
      input: Object.fromEntries(form),
      actor: user,
      address: args.context.clientAddress,
    });
    return redirectWithToast(`/admin/campaigns/edit/${saved.id}`, {
      message: "Campaign saved as a draft.",
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function CreateCampaignScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader title="New campaign" back={{ to: "/admin/campaigns", label: "Campaigns" }} />
      <CampaignEditor
        tags={loaderData.tags}
        errors={failed?.fieldErrors}
        formError={failed?.error}
      />
    </main>
  );
}
