import { formatDateTime } from "#app/components/business/fields.tsx";

type Engagement = {
  visits: number;
  firstViewedAt: Date | string | null;
  lastViewedAt: Date | string | null;
  sections: Array<{ section: string; seconds: number }>;
};

const sectionTitle: Record<string, string> = {
  scope: "Scope",
  approach: "Approach",
  timeline: "Timeline",
  investment: "Investment",
  terms: "Terms",
};

function duration(seconds: number) {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${seconds % 60} s`;
}

/** How the client has read the proposal: visits, first and last, time on each section. */
export function ProposalEngagement({
  engagement,
  locale,
}: {
  engagement: Engagement;
  locale: string;
}) {
  const longest = Math.max(1, ...engagement.sections.map((row) => row.seconds));
  return (
    <section aria-labelledby="engagement" className="card mb-8" data-testid="engagement">
      <h2 id="engagement" className="heading-md">
        Client's reading
      </h2>
      {engagement.visits === 0 ? (
        <p className="mt-2 text-sm text-mist-400">
          The client has not opened the link yet (staff views are not counted).
        </p>
      ) : (
        <div className="mt-4 grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
          <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-1">
            <div>
              <dt className="text-mist-400">Visits</dt>
              <dd className="font-display text-2xl font-bold text-white" data-figure="visits">
                {engagement.visits}
              </dd>
            </div>
            <div>
              <dt className="text-mist-400">First viewed</dt>
              <dd>{formatDateTime(engagement.firstViewedAt, locale)}</dd>
            </div>
            <div>
              <dt className="text-mist-400">Last viewed</dt>
              <dd>{formatDateTime(engagement.lastViewedAt, locale)}</dd>
            </div>
          </dl>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Time on each section, all visits together</caption>
            <thead className="text-xs uppercase tracking-wider text-mist-400">
              <tr>
                <th scope="col" className="pb-2 font-semibold">
                  Section
                </th>
                <th scope="col" className="pb-2 text-right font-semibold">
                  Time on screen
                </th>
              </tr>
            </thead>
            <tbody>
              {engagement.sections.map((row) => (
                <tr
                  key={row.section}
                  className="border-t border-white/5"
                  data-section={row.section}
                >
                  <td className="relative py-2 pr-3">
                    <span
                      aria-hidden="true"
                      className="absolute inset-y-1 left-0 rounded bg-frontier-purple/20"
                      style={{ width: `${Math.round((row.seconds / longest) * 100)}%` }}
                    />
                    <span className="relative">{sectionTitle[row.section] ?? row.section}</span>
                  </td>
                  <td className="py-2 text-right tabular-nums">{duration(row.seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
