import { useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { type FormResult, useResultToast } from "#app/components/auth/auth-form.tsx";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import { redirectWithToast } from "#server/toast.ts";
import {
  deleteWebhookEndpoint,
  findWebhookDeliveries,
  findWebhookEndpoint,
  revealWebhookSecret,
  rollWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
  updateWebhookEndpoint,
} from "#server/webhooks/endpoints.ts";
import type { Route } from "./+types/detail";
import { DeliveryLog } from "./delivery-log";
import { EndpointFields } from "./endpoint-fields";
import { endpointInput } from "./form-input";
import { SecretPanel } from "./secret-panel";

export const meta = () => [{ title: "Webhook endpoint | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const id = requireIdParam(args.params.id);
  const endpoint = await findWebhookEndpoint({ db: args.context.db, id });
  if (!endpoint) throw new Response("Not Found", { status: 404 });
  const deliveries = await findWebhookDeliveries({ db: args.context.db, endpointId: id });
  return { endpoint, deliveries };
}

type DetailResult = FormResult | { ok: true; message: string; secret: string };

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { context } = args;
  const id = requireIdParam(args.params.id);
  const actor = staffActor(user, context.clientAddress);
  const { db, env } = context;
  const form = await readForm(args.request);
  try {
    switch (form.get("intent")) {
      case "update":
        await updateWebhookEndpoint({ db, env, id, input: endpointInput(form), actor });
        return { ok: true as const, message: "Endpoint saved." };
      case "enable":
      case "disable": {
        const isEnabled = form.get("intent") === "enable";
        await setWebhookEndpointEnabled({ db, id, isEnabled, actor });
        return {
          ok: true as const,
          message: isEnabled
            ? "Endpoint on: new events go to it."
            : "Endpoint off: nothing more is sent.",
        };
      }
      case "test": {
        const delivery = await sendTestWebhook({ db, env, id, actor });
        if (delivery?.status === "succeeded")
          return {
            ok: true as const,
            message: `Test delivered: the receiver answered ${delivery.lastStatusCode}.`,
          };
        throw new AppError("CONFLICT", `Test not delivered: ${delivery?.lastError ?? "no answer"}`);
      }
      case "reveal":
        return {
          ok: true as const,
          message: "Secret shown below.",
          secret: await revealWebhookSecret({ db, id, actor }),
        };
      case "roll":
        return {
          ok: true as const,
          message: "New secret made: give it to the receiver now.",
          secret: await rollWebhookSecret({ db, id, actor }),
        };
      case "delete":
        await deleteWebhookEndpoint({ db, id, actor });
        return redirectWithToast("/admin/webhooks", { message: "Endpoint deleted." });
      default:
        throw new AppError("INVALID", "That request could not be read.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}

export default function WebhookEndpointScreen({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as DetailResult;
  useResultToast(result);
  const { endpoint, deliveries } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  const remove = useFetcher();
  const [isDeleting, setDeleting] = useState(false);
  const fieldErrors = result && !result.ok ? result.fieldErrors : undefined;
  const secret = result?.ok && "secret" in result ? result.secret : undefined;

  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Webhook endpoint"
        description={<span className="break-all">{endpoint.url}</span>}
        back={{ to: "/admin/webhooks", label: "Webhooks" }}
        actions={
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="test" />
              <button
                type="submit"
                className="btn-primary px-5 py-2"
                disabled={isBusy || !endpoint.isEnabled}
              >
                Send test
              </button>
            </Form>
            <Form method="post">
              <input
                type="hidden"
                name="intent"
                value={endpoint.isEnabled ? "disable" : "enable"}
              />
              <button type="submit" className="btn-secondary px-5 py-2" disabled={isBusy}>
                {endpoint.isEnabled ? "Switch off" : "Switch on"}
              </button>
            </Form>
          </>
        }
      />
      {endpoint.isEnabled ? null : (
        <p className="mb-6 rounded-xl border border-red-400/30 bg-red-500/10 p-3 text-red-100">
          {endpoint.disabledReason ?? "Switched off."} Nothing is sent to it.
        </p>
      )}
      <div className="grid gap-8 xl:grid-cols-[1fr_28rem]">
        <section aria-labelledby="log-heading" className="card min-w-0">
          <h2 id="log-heading" className="heading-md">
            Deliveries
          </h2>
          <DeliveryLog deliveries={deliveries} />
        </section>
        <div className="space-y-8">
          <SecretPanel secret={secret} isBusy={isBusy} />
          <section aria-labelledby="settings-heading" className="card">
            <h2 id="settings-heading" className="heading-md">
              Settings
            </h2>
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <input type="hidden" name="intent" value="update" />
              <EndpointFields idPrefix="endpoint" values={endpoint} fieldErrors={fieldErrors} />
              <button type="submit" className="btn-primary w-full" disabled={isBusy}>
                Save
              </button>
            </Form>
            <button
              type="button"
              className="mt-6 text-sm text-red-300 hover:underline"
              onClick={() => setDeleting(true)}
            >
              Delete this endpoint
            </button>
          </section>
        </div>
      </div>
      <ConfirmModal
        open={isDeleting}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        isDanger
        isBusy={remove.state !== "idle"}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          remove.submit({ intent: "delete" }, { method: "post" });
          setDeleting(false);
        }}
      >
        Its delivery log goes with it, and deliveries waiting for it are dropped.
      </ConfirmModal>
    </main>
  );
}
