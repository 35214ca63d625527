import { useState } from "react";
import { Form, Link, useActionData, useSubmit } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { FormError, formatDate, formatDateTime } from "#app/components/business/fields.tsx";
import { editableLines } from "#app/components/business/line-items-editor.tsx";
import { ProposalForm } from "#app/components/business/proposal-form.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { versionKey } from "#app/lib/version-key.ts";
import { getProposalEngagement } from "#server/analytics/proposal-engagement.ts";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { localeFrom } from "#server/business/locale.ts";
import { findClientChoices } from "#server/clients/choices.ts";
import { AppError, errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import { updateProposal } from "#server/proposals/editing.ts";
import { getProposal } from "#server/proposals/queries.ts";
import { proposalUrl, sendProposal, withdrawProposal } from "#server/proposals/sending.ts";
import { redirectWithToast } from "#server/toast.ts";
import { proposalStatusLabel } from "#shared/business/labels.ts";
import {
  proposalFormSchema,
  proposalFormValues,
  proposalTotals,
} from "#shared/business/proposal-form.ts";
import { formatMoney, formatRate, moneyInputValue } from "#shared/money.ts";
import type { Route } from "./+types/edit";
import { ProposalEngagement } from "./proposal-engagement";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.proposal.title ?? "Proposal"} | Command Center` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const { db, env } = args.context;
  const [proposal, engagement] = await Promise.all([
    getProposal({ db, id: args.params.id }),
    getProposalEngagement({ db, proposalId: args.params.id }),
  ]);
  invariantResponse(proposal, "Not Found", { status: 404 });
  const clients = await findClientChoices(db, { selectedId: proposal.clientId });
  return {
    proposal,
    clients,
    engagement,
    link: proposalUrl(env, proposal.publicId),
    locale: localeFrom(args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  requireIdParam(args.params.id);
  const { db, env } = args.context;
  const actor = staffActor(user, args.context.clientAddress);
  const id = args.params.id;
  const form = await readForm(args.request);
  const intent = form.get("intent");
  try {
    if (intent === "save" || intent === "save-send") {
      const input = parseFormValues(proposalFormSchema, proposalFormValues(form));
      await updateProposal({ db, actor, id, input });
      if (intent === "save")
        return redirectWithToast(`/admin/proposals/edit/${id}`, { message: "Proposal saved." });
    }
    if (intent === "send" || intent === "save-send") {
      const proposal = await sendProposal({ db, env, actor, id });
      return redirectWithToast(`/admin/proposals/edit/${id}`, {
        message: `Proposal sent to ${proposal.client.company}.`,
      });
    }
    if (intent === "withdraw") {
      await withdrawProposal({ db, actor, id });
      return redirectWithToast(`/admin/proposals/edit/${id}`, {
        message: "Proposal withdrawn. Its link now says so.",
      });
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  }
}

export default function EditProposalScreen({ loaderData }: Route.ComponentProps) {
  const { proposal, clients, engagement, link, locale } = loaderData;
  const actionData = useActionData<typeof action>();
  const submit = useSubmit();
  const [isWithdrawing, setWithdrawing] = useState(false);
  const isEditable = ["draft", "sent", "viewed"].includes(proposal.status);
  const totals = proposalTotals(proposal);
  const money = (amount: number) => formatMoney(amount, proposal.currency, locale);
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title={proposal.title}
        back={{ to: "/admin/proposals", label: "Proposals" }}
        description={
          <span className="flex flex-wrap items-center gap-3">
            <StatusBadge status={proposal.status} label={proposalStatusLabel[proposal.status]} />
            <Link to={`/admin/clients/${proposal.clientId}`} className="hover:underline">
              {proposal.client.company}
            </Link>
          </span>
        }
        actions={
          <a
            href={`/admin/proposals/${proposal.id}/pdf`}
            className="btn-secondary px-4 py-2 text-sm"
            download
          >
            Download PDF
          </a>
        }
      />
      <section
        aria-label="Status"
        className="card mb-8 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <div>
          <p className="text-mist-400">Client link</p>
          {proposal.status === "draft" ? (
            <p className="text-mist-300">Works once the proposal is sent.</p>
          ) : (
            <a
              href={link}
              className="break-all text-frontier-blue underline"
              data-testid="proposal-link"
            >
              {link}
            </a>
          )}
        </div>
        <div>
          <p className="text-mist-400">Sent</p>
          <p>{formatDateTime(proposal.sentAt, locale)}</p>
        </div>
        <div>
          <p className="text-mist-400">First opened</p>
          <p>{formatDateTime(proposal.firstViewedAt, locale)}</p>
        </div>
        <div>
          <p className="text-mist-400">Valid until</p>
          <p>{formatDate(proposal.validUntil, locale)}</p>
        </div>
        {proposal.status === "accepted" ? (
          <div className="sm:col-span-2 lg:col-span-4" data-testid="acceptance">
            <p className="text-mist-400">Accepted</p>
            <p>
              Signed “{proposal.acceptedName}” on {formatDateTime(proposal.acceptedAt, locale)} from{" "}
              {proposal.acceptedAddress}.
              {proposal.project ? (
                <>
                  {" "}
                  <Link
                    to={`/admin/projects/edit/${proposal.project.id}`}
                    className="text-frontier-blue underline"
                  >
                    Open the project
                  </Link>
                </>
              ) : null}
            </p>
          </div>
        ) : null}
        {proposal.status === "declined" ? (
          <div className="sm:col-span-2 lg:col-span-4">
            <p className="text-mist-400">Declined {formatDateTime(proposal.declinedAt, locale)}</p>
            <p>{proposal.declineReason ? `“${proposal.declineReason}”` : "No reason given."}</p>
          </div>
        ) : null}
      </section>
      {proposal.status === "draft" ? null : (
        <ProposalEngagement engagement={engagement} locale={locale} />
      )}
      {isEditable ? (
        <>
          {proposal.status !== "draft" ? (
            <p className="mb-4 rounded-lg border border-frontier-orange/40 bg-frontier-orange/10 px-4 py-3 text-sm text-orange-100">
              The client already has this proposal: changes show on their link at once. What they
              accept is kept exactly as they saw it.
            </p>
          ) : null}
          <ProposalForm
            key={versionKey(proposal.updatedAt)}
            clients={clients}
            locale={locale}
            errors={actionData?.fieldErrors}
            error={actionData?.error}
            submitLabel="Save"
            initial={{
              title: proposal.title,
              clientId: proposal.clientId,
              scope: proposal.scope,
              approach: proposal.approach,
              timeline: proposal.timeline,
              terms: proposal.terms,
              currency: proposal.currency,
              discountKind: proposal.discountKind,
              discountValue:
                proposal.discountKind === "percent"
                  ? formatRate(proposal.discountValue)
                  : proposal.discountKind === "amount"
                    ? moneyInputValue(proposal.discountValue, proposal.currency)
                    : "",
              depositPercent: String(proposal.depositPercent),
              validUntil: proposal.validUntil,
              lines: editableLines(proposal.items, proposal.currency),
            }}
            extraActions={
              <>
                <button type="submit" name="intent" value="save-send" className="btn-secondary">
                  {proposal.status === "draft" ? "Save and send to client" : "Save and send again"}
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => setWithdrawing(true)}
                >
                  Withdraw
                </button>
              </>
            }
          />
          <ConfirmModal
            open={isWithdrawing}
            title="Withdraw this proposal?"
            confirmLabel="Withdraw"
            isDanger
            onCancel={() => setWithdrawing(false)}
            onConfirm={() => {
              setWithdrawing(false);
              submit({ intent: "withdraw" }, { method: "post" });
            }}
          >
            The client's link will say it was withdrawn, and it can no longer be accepted.
          </ConfirmModal>
        </>
      ) : (
        <section aria-labelledby="summary" className="card">
          <FormError error={actionData?.error} />
          <h2 id="summary" className="heading-md mb-4">
            Items
          </h2>
          <ul className="divide-y divide-white/5 text-sm">
            {proposal.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4 py-2">
                <span>
                  {item.description}
                  {item.kind === "recurring" ? (
                    <span className="text-mist-400"> (per {item.interval})</span>
                  ) : null}
                </span>
                <span>{money(Math.round((item.quantity * item.unitAmount) / 100))}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-right font-semibold text-white">
            Total {money(totals.oneOff.total)}
          </p>
          <Form method="post" className="mt-4 text-sm text-mist-400">
            This proposal is {proposalStatusLabel[proposal.status].toLowerCase()} and can no longer
            change.
          </Form>
        </section>
      )}
    </main>
  );
}
