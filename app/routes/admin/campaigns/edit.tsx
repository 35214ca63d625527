import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useRevalidator, useSubmit } from "react-router";
import { CampaignEditor } from "#app/components/admin/campaign-editor.tsx";
import { CampaignProgress } from "#app/components/admin/campaign-progress.tsx";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import { countAudience } from "#server/marketing/campaign-audience.ts";
import { saveCampaign } from "#server/marketing/campaign-editing.ts";
import {
  getCampaign,
  getCampaignReport,
  getCampaignSendProblem,
} from "#server/marketing/campaign-queries.ts";
import { scheduleCampaign, unscheduleCampaign } from "#server/marketing/campaign-scheduling.ts";
import { sendTestCampaign } from "#server/marketing/campaign-test-send.ts";
import { findSubscriberTags } from "#server/marketing/subscribers.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.campaign.name ?? "Campaign"} · Command center` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const campaign = await getCampaign(db, requireIdParam(args.params.id));
  invariantResponse(campaign, "This campaign does not exist.", { status: 404 });
  const [tags, report, audience, problem] = await Promise.all([
    findSubscriberTags(db),
    getCampaignReport(db, campaign.id),
    countAudience(db, campaign.audienceTags),
    campaign.status === "sending" ? getCampaignSendProblem(db, campaign.id) : null,
  ]);
  return { campaign, tags, report, audience, problem };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { db, env, clientAddress } = args.context;
  const id = requireIdParam(args.params.id);
  const form = await readForm(args.request);
  const here = `/admin/campaigns/edit/${id}`;
  const base = { db, id, actor: user, address: clientAddress };
  try {
    switch (String(form.get("intent"))) {
      case "save":
        await saveCampaign({ ...base, input: Object.fromEntries(form) });
        return redirectWithToast(here, { message: "Campaign saved." });
      case "test": {
        const sent = await sendTestCampaign({
          ...base,
          env,
          input: { to: String(form.get("to") ?? "") },
        });
        return { ok: true as const, message: `Test sent to ${sent.join(", ")}.` };
      }
      case "schedule": {
        const result = await scheduleCampaign({ ...base, input: Object.fromEntries(form) });
        return redirectWithToast(here, {
          message:
            form.get("when") === "now"
              ? `Sending to ${result.audience} subscribers.`
              : `Scheduled for ${result.audience} subscribers.`,
        });
      }
      case "unschedule":
        await unscheduleCampaign(base);
        return redirectWithToast(here, { message: "The campaign is a draft again." });
      default:
        throw new AppError("INVALID", "Choose what to do.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}

function toIsoFromLocal(local: string) {
  return local ? new Date(local).toISOString() : "";
}

export default function EditCampaignScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, tags, report, audience, problem } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const sendForm = useRef<HTMLFormElement>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [when, setWhen] = useState<"now" | "later">("now");
  const [sendAtLocal, setSendAtLocal] = useState("");
  const isEditable = campaign.status === "draft" || campaign.status === "scheduled";
  const isSending =
    campaign.status === "sending" ||
    (campaign.status === "scheduled" && campaign.scheduledAt !== null);
  const failed = actionData && !actionData.ok ? actionData : undefined;

  useEffect(() => {
    if (!isSending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [isSending, revalidator]);

  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title={campaign.name}
        description={`State: ${campaign.status}${campaign.scheduledAt && campaign.status === "scheduled" ? ` · sends ${new Date(campaign.scheduledAt).toLocaleString()}` : ""} · audience: ${audience} confirmed subscriber${audience === 1 ? "" : "s"}`}
        back={{ to: "/admin/campaigns", label: "Campaigns" }}
      />
      {failed ? (
        <p className="field-error mb-4" role="alert">
          {failed.error}
        </p>
      ) : null}
      {actionData?.ok && "message" in actionData ? (
        <p className="mb-4 text-emerald-300" role="status">
          {actionData.message}
        </p>
      ) : null}

      {campaign.status !== "draft" ? (
        <CampaignProgress
          status={campaign.status}
          problem={problem}
          report={report}
          recipientCount={campaign.recipientCount}
          isTrackingEnabled={campaign.isTrackingEnabled}
        />
      ) : null}

      {isEditable ? (
        <CampaignEditor campaign={campaign} tags={tags} errors={failed?.fieldErrors} />
      ) : (
        <p className="card mb-6 text-mist-300">
          This campaign has been sent; its content can no longer change.
        </p>
      )}

      {isEditable ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Form method="post" className="card space-y-3 p-5" aria-labelledby="test-heading">
            <h2 id="test-heading" className="heading-md">
              Send a test
            </h2>
            <input type="hidden" name="intent" value="test" />
            <label htmlFor="to" className="field-label">
              Addresses (up to 5, separated by commas)
            </label>
            <input id="to" name="to" className="field-input" />
            <button
              type="submit"
              className="btn-secondary"
              disabled={navigation.state === "submitting"}
            >
              Send test
            </button>
          </Form>
          <Form
            method="post"
            ref={sendForm}
            className="card space-y-3 p-5"
            aria-labelledby="send-heading"
            onSubmit={(event) => {
              // Sending now cannot be undone: ask first.
              if (campaign.status === "scheduled" || when !== "now") return;
              event.preventDefault();
              setConfirming(true);
            }}
          >
            <h2 id="send-heading" className="heading-md">
              Send
            </h2>
            {campaign.status === "scheduled" ? (
              <>
                <input type="hidden" name="intent" value="unschedule" />
                <button type="submit" className="btn-secondary">
                  Stop the schedule
                </button>
              </>
            ) : (
              <>
                <input type="hidden" name="intent" value="schedule" />
                <div className="flex gap-4 text-sm">
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="when"
                      value="now"
                      checked={when === "now"}
                      onChange={() => setWhen("now")}
                    />
                    Now
                  </label>
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="when"
                      value="later"
                      checked={when === "later"}
                      onChange={() => setWhen("later")}
                    />
                    Later
                  </label>
                </div>
                {when === "later" ? (
                  <div>
                    <label htmlFor="sendAtLocal" className="field-label">
                      Send at (your local time)
                    </label>
                    <input
                      id="sendAtLocal"
                      type="datetime-local"
                      className="field-input"
                      value={sendAtLocal}
                      onChange={(event) => setSendAtLocal(event.target.value)}
                    />
                    <input type="hidden" name="sendAt" value={toIsoFromLocal(sendAtLocal)} />
                  </div>
                ) : null}
                <p className="text-sm text-mist-400">
                  Save your changes first: the saved campaign is what is sent.
                </p>
                <button
                  type="submit"
                  className="btn-primary"
                  disabled={navigation.state === "submitting"}
                >
                  {when === "now" ? `Send now to ${audience}` : "Schedule"}
                </button>
                <ConfirmModal
                  open={isConfirming}
                  title={`Send “${campaign.subject}” to ${audience} subscriber${audience === 1 ? "" : "s"} now?`}
                  confirmLabel={`Send to ${audience}`}
                  isBusy={navigation.state === "submitting"}
                  onCancel={() => setConfirming(false)}
                  onConfirm={() => {
                    setConfirming(false);
                    if (sendForm.current) void submit(sendForm.current);
                  }}
                >
                  A sent email cannot be recalled. Send a test first if you have not checked it.
                </ConfirmModal>
              </>
            )}
          </Form>
        </div>
      ) : null}
    </main>
  );
}
