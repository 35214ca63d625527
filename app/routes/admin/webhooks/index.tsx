import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { type FormResult, useResultToast } from "#app/components/auth/auth-form.tsx";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
import { createWebhookEndpoint, findWebhookEndpoints } from "#server/webhooks/endpoints.ts";
import type { Route } from "./+types/index";
import { EndpointFields } from "./endpoint-fields";
import { endpointInput } from "./form-input";

export const meta = () => [{ title: "Webhooks | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return { endpoints: await findWebhookEndpoints({ db: args.context.db }) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { context } = args;
  const form = await readForm(args.request);
  try {
    if (form.get("intent") !== "create")
      throw new AppError("INVALID", "That request could not be read.");
    const created = await createWebhookEndpoint({
      db: context.db,
      env: context.env,
      input: endpointInput(form),
      actor: staffActor(user, context.clientAddress),
    });
    return redirectWithToast(`/admin/webhooks/${created.id}`, {
      message: "Endpoint added. Reveal its secret to check signatures, then send a test.",
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function WebhooksScreen({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult;
  useResultToast(result);
  const navigation = useNavigation();
  const fieldErrors = result && !result.ok ? result.fieldErrors : undefined;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Webhooks"
        description="Other systems are told when something happens: a signed JSON POST to their address, retried for a day until it answers 2xx."
      />
      <div className="grid gap-8 xl:grid-cols-[1fr_28rem]">
        <section aria-labelledby="endpoints-heading" className="card min-w-0">
          <h2 id="endpoints-heading" className="heading-md">
            Endpoints
          </h2>
          {loaderData.endpoints.length === 0 ? (
            <p className="mt-4 text-mist-300">No endpoints yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-white/10">
              {loaderData.endpoints.map((endpoint) => (
                <li key={endpoint.id} className="py-3">
                  <Link
                    to={`/admin/webhooks/${endpoint.id}`}
                    className="break-all font-medium text-frontier-blue hover:underline"
                  >
                    {endpoint.url}
                  </Link>
                  <p className="text-sm text-mist-300">
                    {endpoint.description ? `${endpoint.description} · ` : ""}
                    {endpoint.events.length} event{endpoint.events.length === 1 ? "" : "s"} ·{" "}
                    {endpoint.isEnabled ? (
                      <span className="text-green-300">On</span>
                    ) : (
                      <span className="text-red-300">Off</span>
                    )}
                  </p>
                  {endpoint.disabledReason ? (
                    <p className="text-xs text-mist-400">{endpoint.disabledReason}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="add-heading" className="card">
          <h2 id="add-heading" className="heading-md">
            Add an endpoint
          </h2>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="create" />
            <EndpointFields idPrefix="new-endpoint" fieldErrors={fieldErrors} />
            <button
              type="submit"
              className="btn-primary w-full"
              disabled={navigation.state === "submitting"}
            >
              Add endpoint
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}
