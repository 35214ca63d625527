import { Form, Link } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { findPublishedInsights } from "#server/content/insights.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { createCampaignFromInsight } from "#server/marketing/campaign-editing.ts";
import { findCampaigns } from "#server/marketing/campaign-queries.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Campaigns · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const [campaigns, insights] = await Promise.all([
    findCampaigns(args.context.db),
    findPublishedInsights({ db: args.context.db, pageSize: 50 }),
  ]);
  return {
    campaigns,
    insights: insights.items.map((item) => ({ id: item.id, title: item.title })),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  try {
    const saved = await createCampaignFromInsight({
      db: args.context.db,
      env: args.context.env,
      insightId: String(form.get("insightId") ?? ""),
      actor: user,
      address: args.context.clientAddress,
    });
    return redirectWithToast(`/admin/campaigns/edit/${saved.id}`, {
      message: "Campaign drafted from the insight.",
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function CampaignsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { campaigns, insights } = loaderData;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Campaigns"
        description="Newsletters to confirmed subscribers."
        actions={
          <Link to="/admin/campaigns/create" className="btn-primary">
            New campaign
          </Link>
        }
      />
      {actionData && !actionData.ok ? (
        <p className="field-error mb-4" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {insights.length ? (
        <Form method="post" className="card mb-6 flex flex-wrap items-end gap-3 p-5">
          <div className="min-w-64 flex-1">
            <label htmlFor="insightId" className="field-label">
              Create campaign from insight
            </label>
            <select id="insightId" name="insightId" className="field-input">
              {insights.map((insight) => (
                <option key={insight.id} value={insight.id}>
                  {insight.title}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Draft campaign
          </button>
        </Form>
      ) : null}
      {campaigns.length === 0 ? (
        <p className="card text-mist-300">No campaigns yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-white/10">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Campaigns</caption>
            <thead className="bg-ink-800/80 text-xs uppercase tracking-wider text-mist-400">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  State
                </th>
                <th scope="col" className="px-4 py-3">
                  Progress
                </th>
                <th scope="col" className="px-4 py-3">
                  Last changed
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {campaigns.map((campaign) => (
                <tr key={campaign.id} className="bg-ink-900/40">
                  <td className="px-4 py-3">
                    <Link
                      to={`/admin/campaigns/edit/${campaign.id}`}
                      className="font-medium text-white hover:underline"
                    >
                      {campaign.name}
                    </Link>
                    <p className="text-xs text-mist-400">{campaign.subject}</p>
                  </td>
                  <td className="px-4 py-3 capitalize">{campaign.status}</td>
                  <td className="px-4 py-3">
                    {campaign.status === "draft"
                      ? "—"
                      : `${campaign.sent} sent${campaign.failed ? `, ${campaign.failed} failed` : ""} of ${campaign.recipientCount}`}
                  </td>
                  <td className="px-4 py-3">{new Date(campaign.updatedAt).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
