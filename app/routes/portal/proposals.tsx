import { Link } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { localeFrom } from "#server/business/locale.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { listPortalProposals } from "#server/portal/proposals.ts";
import { proposalStatusLabel } from "#shared/business/labels.ts";
import { formatMoney } from "#shared/money.ts";
import type { Route } from "./+types/proposals";

export const meta = () => [{ title: "Proposals | Frontier client portal" }];

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const proposals = await listPortalProposals({ db: args.context.db, clientId: viewer.clientId });
  return { proposals, locale: localeFrom(args.request) };
}

export default function PortalProposals({ loaderData }: Route.ComponentProps) {
  const { proposals, locale } = loaderData;
  return (
    <main id="main">
      <h1 className="heading-lg mb-6">Proposals</h1>
      {proposals.length ? (
        <ul className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-ink-900/70">
          {proposals.map((proposal) => (
            <li
              key={proposal.id}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3"
            >
              <div className="min-w-0">
                <Link
                  to={`/portal/proposals/${proposal.id}`}
                  className="font-semibold text-white underline-offset-2 hover:underline"
                >
                  {proposal.title}
                </Link>{" "}
                <StatusBadge
                  status={proposal.status}
                  label={proposalStatusLabel[proposal.status]}
                />
                <p className="text-sm text-mist-400">
                  {proposal.acceptedAt
                    ? `Accepted ${formatDate(proposal.acceptedAt, locale)}`
                    : proposal.declinedAt
                      ? `Declined ${formatDate(proposal.declinedAt, locale)}`
                      : `Valid until ${formatDate(proposal.validUntil, locale)}`}
                </p>
              </div>
              <div className="flex flex-col items-end gap-1 text-sm">
                <span className="font-semibold text-white">
                  {formatMoney(proposal.total, proposal.currency, locale)}
                </span>
                <a
                  href={`/portal/proposals/${proposal.id}/pdf`}
                  className="text-frontier-blue underline"
                  download
                  aria-label={`Download ${proposal.title} as PDF`}
                >
                  PDF
                </a>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card text-mist-300">No proposals yet.</p>
      )}
    </main>
  );
}
