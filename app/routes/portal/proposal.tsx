import { isbot } from "isbot";
import { Link, useActionData, useNavigation } from "react-router";
import { formatDate, formatDateTime } from "#app/components/business/fields.tsx";
import { ProposalAcceptForm } from "#app/routes/client/proposal-accept-form.tsx";
import { ProposalDeclineForm } from "#app/routes/client/proposal-decline-form.tsx";
import { ProposalInvestment } from "#app/routes/client/proposal-investment.tsx";
import { ProposalSection } from "#app/routes/client/proposal-section.tsx";
import { ProposalStatus } from "#app/routes/client/proposal-status.tsx";
import { localeFrom } from "#server/business/locale.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { portalData } from "#server/portal/http.ts";
import {
  acceptPortalProposal,
  declinePortalProposal,
  openPortalProposal,
  requireOwnProposal,
} from "#server/portal/proposals.ts";
import { clientViewOf } from "#server/proposals/client-view.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/proposal";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.proposal.title ?? "Proposal"} | Frontier client portal` },
];

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const { request, context, params } = args;
  const proposal = await portalData(() =>
    openPortalProposal({
      db: context.db,
      env: context.env,
      viewer,
      proposalId: params.id,
      address: context.clientAddress,
      isPreview: isbot(request.headers.get("User-Agent") ?? ""),
    }),
  );
  return {
    ...clientViewOf(proposal),
    id: proposal.id,
    onboardingPath:
      proposal.status === "accepted" && proposal.project
        ? `/portal/projects/${proposal.project.id}/onboarding`
        : null,
    signer: { name: viewer.name, email: viewer.email },
    locale: localeFrom(request),
  };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requirePortalViewer(args);
  const { request, context, params } = args;
  const here = `/portal/proposals/${params.id}`;
  // Another client's proposal is a 404 whatever is asked of it.
  await portalData(() => requireOwnProposal({ db: context.db, viewer, proposalId: params.id }));
  try {
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "accept") {
      await acceptPortalProposal({
        db: context.db,
        env: context.env,
        viewer,
        proposalId: params.id,
        fullName: String(form.get("fullName") ?? ""),
        hasAgreed: form.get("agree") === "yes",
        version: String(form.get("version") ?? "") || undefined,
        address: context.clientAddress,
      });
      return redirectWithToast(here, {
        message: "Thank you! The proposal is accepted. Next: tell us about your project.",
      });
    }
    if (intent === "decline") {
      await declinePortalProposal({
        db: context.db,
        env: context.env,
        viewer,
        proposalId: params.id,
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

export default function PortalProposal({ loaderData }: Route.ComponentProps) {
  const { proposal, sections, locale, onboardingPath, id, signer } = loaderData;
  const actionData = useActionData<typeof action>();
  const isBusy = useNavigation().state === "submitting";
  const isOpen = proposal.status === "sent" || proposal.status === "viewed";
  return (
    <main id="main">
      <Link to="/portal/proposals" className="text-sm text-mist-400 hover:text-white">
        ← Proposals
      </Link>
      <h1 className="heading-lg mt-3">{proposal.title}</h1>
      <p className="mt-2 text-mist-300">
        For {proposal.company} · valid until {formatDate(proposal.validUntil, locale)}
      </p>
      {proposal.firstViewedAt ? (
        <p className="mt-1 text-sm text-mist-400">
          First opened {formatDateTime(proposal.firstViewedAt, locale)}
        </p>
      ) : null}
      <p className="mt-4">
        <a
          href={`/portal/proposals/${id}/pdf`}
          className="btn-secondary px-4 py-2 text-sm"
          download
        >
          {proposal.status === "accepted" ? "Download the signed PDF" : "Download as PDF"}
        </a>
      </p>

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
        <>
          <p className="mt-12 text-sm text-mist-400">
            You are signed in as {signer.name} ({signer.email}); your acceptance is recorded with
            your account.
          </p>
          <div className="mt-4 grid gap-6 md:grid-cols-[3fr_2fr]">
            <ProposalAcceptForm
              company={proposal.company}
              version={proposal.version}
              error={actionData?.error}
              errors={actionData?.fieldErrors}
              isBusy={isBusy}
            />
            <ProposalDeclineForm isBusy={isBusy} />
          </div>
        </>
      ) : null}
    </main>
  );
}
