import { isbot } from "isbot";
import { useActionData, useNavigation } from "react-router";
import { ClientPageFooter } from "#app/components/business/client-page-footer.tsx";
import { formatDate, formatDateTime } from "#app/components/business/fields.tsx";
import { localeFrom } from "#server/business/locale.ts";
import { AppError, errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { acceptProposal, declineProposal } from "#server/proposals/acceptance.ts";
import { clientViewOf } from "#server/proposals/client-view.ts";
import { viewProposal } from "#server/proposals/viewing.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/proposal";
import { ProposalAcceptForm } from "./proposal-accept-form";
import { ProposalDeclineForm } from "./proposal-decline-form";
import { ProposalInvestment } from "./proposal-investment";
import { ProposalSection } from "./proposal-section";
import { ProposalStatus } from "./proposal-status";
import { useProposalEngagement } from "./use-proposal-engagement";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.proposal.title} | Proposal from Frontier` : "Proposal | Frontier" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Link previews (chat apps, mail scanners) must not count as the client opening it.
  const isPreview = isbot(request.headers.get("User-Agent") ?? "");
  const proposal = await viewProposal({
    db: context.db,
    env: context.env,
    publicId: params.proposalId,
    address: context.clientAddress,
    isPreview,
  });
  invariantResponse(proposal, "Not Found", { status: 404 });
  return {
    ...clientViewOf(proposal),
    onboardingPath:
      proposal.status === "accepted" && proposal.project
        ? `/onboarding/${proposal.project.onboardingId}`
        : null,
    locale: localeFrom(request),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = `/proposal/${params.proposalId}`;
  try {
    if (intent === "accept") {
      await acceptProposal({
        db: context.db,
        env: context.env,
        publicId: params.proposalId,
        fullName: String(form.get("fullName") ?? ""),
        hasAgreed: form.get("agree") === "yes",
        address: context.clientAddress,
        version: String(form.get("version") ?? "") || undefined,
      });
      return redirectWithToast(here, {
        message: "Thank you! The proposal is accepted. Next: tell us about your project.",
      });
    }
    if (intent === "decline") {
      await declineProposal({
        db: context.db,
        env: context.env,
        publicId: params.proposalId,
        reason: String(form.get("reason") ?? ""),
        address: context.clientAddress,
      });
      return redirectWithToast(here, { message: "Thank you for letting us know." });
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  }
}

export default function ProposalPage({ loaderData, params }: Route.ComponentProps) {
  const { proposal, sections, locale, onboardingPath } = loaderData;
  useProposalEngagement(params.proposalId);
  const actionData = useActionData<typeof action>();
  const isBusy = useNavigation().state === "submitting";
  const isOpen = proposal.status === "sent" || proposal.status === "viewed";
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-5 py-12 sm:py-16">
      <p className="eyebrow">Proposal from Frontier</p>
      <h1 className="heading-lg mt-3">{proposal.title}</h1>
      <p className="mt-2 text-mist-300">
        Prepared for {proposal.company} · valid until {formatDate(proposal.validUntil, locale)}
      </p>
      {proposal.firstViewedAt ? (
        <p className="mt-1 text-sm text-mist-400" data-testid="first-viewed">
          First opened {formatDateTime(proposal.firstViewedAt, locale)}
        </p>
      ) : null}

      <ProposalStatus proposal={proposal} locale={locale} onboardingPath={onboardingPath} />

      {sections
        .filter((section) => section.key !== "terms")
        .map((section) => (
          <ProposalSection key={section.key} section={section} />
        ))}

      <ProposalInvestment proposal={proposal} locale={locale} />

      {sections
        .filter((section) => section.key === "terms")
        .map((section) => (
          <ProposalSection key={section.key} section={section} />
        ))}

      {isOpen ? (
        <div className="mt-12 grid gap-6 md:grid-cols-[3fr_2fr]">
          <ProposalAcceptForm
            company={proposal.company}
            version={proposal.version}
            error={actionData?.error}
            errors={actionData?.fieldErrors}
            isBusy={isBusy}
          />
          <ProposalDeclineForm isBusy={isBusy} />
        </div>
      ) : null}
      <ClientPageFooter />
    </main>
  );
}
