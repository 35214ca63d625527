import type { Route } from "./+types/proposal";

type Section = Route.ComponentProps["loaderData"]["sections"][number];

const sectionTitle = { scope: "Scope", approach: "Approach", timeline: "Timeline", terms: "Terms" };

/** One written part of the proposal (scope, approach, timeline or terms). */
export function ProposalSection({ section }: { section: Section }) {
  return (
    <section
      className="mt-10"
      aria-labelledby={`section-${section.key}`}
      data-engagement-section={section.key}
    >
      <h2 id={`section-${section.key}`} className="heading-md mb-3">
        {sectionTitle[section.key]}
      </h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered and sanitised on the server */}
      <div className="prose-frontier" dangerouslySetInnerHTML={{ __html: section.html }} />
    </section>
  );
}
