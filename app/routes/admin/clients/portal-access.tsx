import { Link, useFetcher } from "react-router";
import { formatDateTime } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import type { Route } from "./+types/detail";

type DetailData = Route.ComponentProps["loaderData"];
type Contact = DetailData["portal"][number];

const stateLabel = {
  none: "No access",
  invited: "Invited",
  active: "Active",
  revoked: "Revoked",
} as const;
const stateTone = { none: "draft", invited: "sent", active: "paid", revoked: "void" } as const;

function ContactAccess({
  clientId,
  contact,
  locale,
}: {
  clientId: string;
  contact: Contact;
  locale: string;
}) {
  const fetcher = useFetcher<{ ok: false; error: string }>();
  const isBusy = fetcher.state !== "idle";
  const canRevoke = contact.state === "invited" || contact.state === "active";
  return (
    <li className="flex flex-col gap-2 border-b border-white/10 pb-3 last:border-none last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <span className="font-semibold text-white">{contact.name}</span>{" "}
          <span className="text-sm text-mist-400">{contact.email}</span>
        </span>
        <StatusBadge status={stateTone[contact.state]} label={stateLabel[contact.state]} />
      </div>
      <p className="text-xs text-mist-400" data-testid="portal-last-sign-in">
        {contact.lastSignInAt
          ? `Last signed in ${formatDateTime(contact.lastSignInAt, locale)}`
          : contact.invitedAt
            ? `Invited ${formatDateTime(contact.invitedAt, locale)}; not signed in yet`
            : "Never invited"}
        {contact.revokedAt ? ` · revoked ${formatDateTime(contact.revokedAt, locale)}` : ""}
        {contact.openSessions
          ? ` · ${contact.openSessions} open session${contact.openSessions > 1 ? "s" : ""}`
          : ""}
      </p>
      <fetcher.Form
        method="post"
        action={`/admin/clients/${clientId}/portal`}
        className="flex flex-wrap gap-2"
      >
        <input type="hidden" name="contactId" value={contact.contactId} />
        <button
          type="submit"
          name="intent"
          value="invite"
          className="btn-secondary px-3 py-1 text-xs"
          disabled={isBusy}
        >
          {contact.state === "none" ? "Invite to the portal" : "Send a new invitation"}
          <span className="sr-only"> ({contact.name})</span>
        </button>
        {canRevoke ? (
          <button
            type="submit"
            name="intent"
            value="revoke"
            className="rounded-full border border-red-400/40 px-3 py-1 text-xs font-semibold text-red-200 hover:bg-red-900/30"
            disabled={isBusy}
          >
            Revoke access<span className="sr-only"> ({contact.name})</span>
          </button>
        ) : null}
      </fetcher.Form>
      {fetcher.data && "error" in fetcher.data ? (
        <p role="alert" className="field-error">
          {fetcher.data.error}
        </p>
      ) : null}
    </li>
  );
}

/** Who may sign in to the client portal, and what the client has opened there or by link. */
export function PortalAccessPanel({
  clientId,
  portal,
  seen,
  locale,
}: Pick<DetailData, "portal" | "seen" | "locale"> & { clientId: string }) {
  const opened = [
    ...seen.proposals.map((item) => ({
      key: item.id,
      href: `/admin/proposals/edit/${item.id}`,
      label: `Proposal: ${item.title}`,
      at: item.firstViewedAt,
    })),
    ...seen.invoices.map((item) => ({
      key: item.id,
      href: `/admin/invoices/edit/${item.id}`,
      label: `Invoice ${item.number}`,
      at: item.firstViewedAt,
    })),
  ];
  return (
    <section aria-labelledby="portal-access" className="card mb-8" data-testid="portal-access">
      <h2 id="portal-access" className="heading-md">
        Client portal
      </h2>
      <p className="mt-1 mb-4 text-sm text-mist-400">
        Invited contacts sign in at /portal with a link by mail. Revoking ends their sessions at
        once.
      </p>
      <ul className="flex flex-col gap-3">
        {portal.map((contact) => (
          <ContactAccess
            key={contact.contactId}
            clientId={clientId}
            contact={contact}
            locale={locale}
          />
        ))}
      </ul>
      {opened.length ? (
        <>
          <h3 className="mt-6 mb-2 font-semibold text-white">What the client opened</h3>
          <ul className="flex flex-col gap-1 text-sm" data-testid="client-seen">
            {opened.map((item) => (
              <li key={item.key} className="flex flex-wrap justify-between gap-2">
                <Link to={item.href} className="hover:underline">
                  {item.label}
                </Link>
                <span className="text-mist-400">
                  {item.at ? `First opened ${formatDateTime(item.at, locale)}` : "Not opened yet"}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
