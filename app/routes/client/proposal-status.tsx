import { formatDate, formatDateTime } from "#app/components/business/fields.tsx";
import type { Route } from "./+types/proposal";

type ProposalData = Route.ComponentProps["loaderData"];

type ProposalStatusProps = Pick<ProposalData, "proposal" | "locale" | "onboardingPath">;

/** What has become of the proposal once it can no longer be answered, and the way on from there. */
export function ProposalStatus({ proposal, locale, onboardingPath }: ProposalStatusProps) {
  return (
    <>
      {proposal.status === "expired" ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-frontier-orange/40 bg-frontier-orange/10 p-4 text-orange-100"
          data-testid="proposal-state"
        >
          This proposal expired on {formatDate(proposal.validUntil, locale)} and can no longer be
          accepted. Please reply to our mail and we will send an updated one.
        </p>
      ) : null}
      {proposal.status === "withdrawn" ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-frontier-orange/40 bg-frontier-orange/10 p-4 text-orange-100"
          data-testid="proposal-state"
        >
          This proposal has been withdrawn and can no longer be accepted. Please reply to our mail
          if you have questions.
        </p>
      ) : null}
      {proposal.status === "accepted" ? (
        <div
          role="status"
          className="mt-6 rounded-xl border border-green-500/40 bg-green-900/20 p-4 text-green-100"
          data-testid="proposal-state"
        >
          <p>
            Accepted by {proposal.acceptedName} on {formatDateTime(proposal.acceptedAt, locale)}.
            Thank you!
          </p>
          {onboardingPath ? (
            <a href={onboardingPath} className="btn-primary mt-4">
              Start onboarding
            </a>
          ) : null}
        </div>
      ) : null}
      {proposal.status === "declined" ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-white/20 bg-white/5 p-4 text-mist-100"
          data-testid="proposal-state"
        >
          You declined this proposal on {formatDateTime(proposal.declinedAt, locale)}. Thank you for
          letting us know.
        </p>
      ) : null}
    </>
  );
}
