import { Form, Link, useActionData, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ClientFields } from "#app/components/business/client-fields.tsx";
import { FormError, formatDateTime } from "#app/components/business/fields.tsx";
import { versionKey } from "#app/lib/version-key.ts";
import { findClientTouchpoints } from "#server/analytics/touchpoints.ts";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { localeFrom } from "#server/business/locale.ts";
import { getClient, updateClient } from "#server/clients/clients.ts";
import { getClientTimeline } from "#server/clients/timeline.ts";
import { errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import { listPortalAccess, listSeenDocuments } from "#server/portal/access.ts";
import { redirectWithToast } from "#server/toast.ts";
import { clientFormSchema, clientFormValues } from "#shared/business/client-form.ts";
import { formatMoney } from "#shared/money.ts";
import type { Route } from "./+types/detail";
import { PagesBeforeContact } from "./pages-before-contact";
import { PortalAccessPanel } from "./portal-access";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.client.company ?? "Client"} | Command Center` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const { db } = args.context;
  const client = await getClient({ db, id: args.params.id });
  invariantResponse(client, "Not Found", { status: 404 });
  const [timeline, portal, seen, pagesBeforeContact] = await Promise.all([
    getClientTimeline({ db, clientId: client.id }),
    listPortalAccess({ db, clientId: client.id }),
    listSeenDocuments({ db, clientId: client.id }),
    findClientTouchpoints({ db, clientId: client.id }),
  ]);
  return { client, timeline, portal, seen, pagesBeforeContact, locale: localeFrom(args.request) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const form = await readForm(args.request);
  try {
    const input = parseFormValues(clientFormSchema, clientFormValues(form));
    const client = await updateClient({
      db: args.context.db,
      actor: staffActor(user, args.context.clientAddress),
      id: args.params.id,
      input,
    });
    return redirectWithToast(`/admin/clients/${client.id}`, { message: "Client saved." });
  } catch (error) {
    return errorResponse(error);
  }
}

const kindLabel = {
  message: "Message",
  proposal: "Proposal",
  project: "Project",
  invoice: "Invoice",
  payment: "Payment",
  chat: "Chat",
  portal: "Portal",
  retainer: "Retainer",
};
const kindDot = {
  message: "bg-frontier-orange",
  proposal: "bg-frontier-purple",
  project: "bg-frontier-blue",
  invoice: "bg-mist-300",
  payment: "bg-green-500",
  chat: "bg-orange-300",
  portal: "bg-frontier-blue",
  retainer: "bg-green-300",
};

export default function ClientDetailScreen({ loaderData }: Route.ComponentProps) {
  const { client, timeline, portal, seen, pagesBeforeContact, locale } = loaderData;
  const actionData = useActionData<typeof action>();
  const isBusy = useNavigation().state === "submitting";
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title={client.company}
        back={{ to: "/admin/clients", label: "Clients" }}
        actions={
          <>
            <Link
              to={`/admin/proposals/create?clientId=${client.id}`}
              className="btn-secondary px-4 py-2 text-sm"
            >
              New proposal
            </Link>
            <Link
              to={`/admin/invoices/create?clientId=${client.id}`}
              className="btn-secondary px-4 py-2 text-sm"
            >
              New invoice
            </Link>
            <Link
              to={`/admin/projects/create?clientId=${client.id}`}
              className="btn-secondary px-4 py-2 text-sm"
            >
              New project
            </Link>
          </>
        }
      />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="client-details" className="card">
          <h2 id="client-details" className="heading-md mb-5">
            Details
          </h2>
          <Form method="post" className="flex flex-col gap-5">
            <FormError error={actionData?.error} />
            <ClientFields
              key={`${client.id} ${versionKey(client.updatedAt)}`}
              initial={client}
              errors={actionData?.fieldErrors}
            />
            <div>
              <button type="submit" className="btn-primary" disabled={isBusy}>
                {isBusy ? "Saving..." : "Save client"}
              </button>
            </div>
          </Form>
        </section>
        <div>
          <PortalAccessPanel clientId={client.id} portal={portal} seen={seen} locale={locale} />
          <section aria-labelledby="client-timeline">
            <h2 id="client-timeline" className="heading-md mb-5">
              Timeline
            </h2>
            {timeline.length === 0 ? (
              <p className="card text-mist-300">Nothing has happened with this client yet.</p>
            ) : (
              <ol
                className="relative flex flex-col gap-4 border-l border-white/10 pl-6"
                data-testid="client-timeline"
              >
                {timeline.map((event, index) => (
                  <li key={`${event.at}-${index}`} className="relative">
                    <span
                      aria-hidden="true"
                      className={`absolute -left-[1.94rem] top-1.5 h-3 w-3 rounded-full ${kindDot[event.kind]}`}
                    />
                    <p className="text-xs uppercase tracking-wider text-mist-400">
                      {kindLabel[event.kind]} ·{" "}
                      <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
                    </p>
                    <p className="font-semibold text-white">
                      {event.href ? (
                        <Link to={event.href} className="hover:underline">
                          {event.title}
                        </Link>
                      ) : (
                        event.title
                      )}
                      {event.amount ? (
                        <span className="ml-2 font-normal text-mist-300">
                          {formatMoney(event.amount.value, event.amount.currency, locale)}
                        </span>
                      ) : null}
                    </p>
                    {event.detail ? (
                      <p className="mt-1 whitespace-pre-line text-sm text-mist-300">
                        {event.detail}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
      <PagesBeforeContact groups={pagesBeforeContact} locale={locale} />
    </main>
  );
}
