import { useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { blankLine } from "#app/components/business/line-items-editor.tsx";
import { ProposalForm } from "#app/components/business/proposal-form.tsx";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { addDays, todayIso } from "#server/business/dates.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { localeFrom } from "#server/business/locale.ts";
import { findClientChoices } from "#server/clients/choices.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid } from "#server/ids.ts";
import { createProposal } from "#server/proposals/editing.ts";
import { redirectWithToast } from "#server/toast.ts";
import { proposalFormSchema, proposalFormValues } from "#shared/business/proposal-form.ts";
import type { Route } from "./+types/create";

export const meta = () => [{ title: "New proposal | Command Center" }];

const defaultTerms = `- Prices exclude any taxes not listed.
- The deposit is due on acceptance; the rest is invoiced at the milestones in the timeline.
- Invoices are payable within 14 days.
- This proposal is valid until the date shown.`;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const clientId = args.url.searchParams.get("clientId") ?? "";
  const clients = await findClientChoices(args.context.db, {
    selectedId: isUuid(clientId) ? clientId : undefined,
  });
  const chosen = clients.choices.find((client) => client.id === clientId);
  return {
    clients,
    clientId: chosen?.id ?? "",
    currency: chosen?.currency ?? "USD",
    validUntil: addDays(todayIso(), 30),
    terms: defaultTerms,
    locale: localeFrom(args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const form = await readForm(args.request);
  try {
    const input = parseFormValues(proposalFormSchema, proposalFormValues(form));
    const proposal = await createProposal({
      db: args.context.db,
      actor: staffActor(user, args.context.clientAddress),
      input,
    });
    return redirectWithToast(`/admin/proposals/edit/${proposal.id}`, {
      message: "Proposal saved as a draft.",
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function CreateProposalScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader title="New proposal" back={{ to: "/admin/proposals", label: "Proposals" }} />
      <ProposalForm
        clients={loaderData.clients}
        locale={loaderData.locale}
        errors={actionData?.fieldErrors}
        error={actionData?.error}
        submitLabel="Save draft"
        initial={{
          title: "",
          clientId: loaderData.clientId,
          scope: "",
          approach: "",
          timeline: "",
          terms: loaderData.terms,
          currency: loaderData.currency,
          discountKind: "none",
          discountValue: "",
          depositPercent: "30",
          validUntil: loaderData.validUntil,
          lines: [blankLine()],
        }}
      />
    </main>
  );
}
