import { ContentIcon } from "#app/components/site/content-icon.tsx";
import { CtaBand } from "#app/components/site/cta-band.tsx";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { personas } from "#shared/content/personas.ts";
import { findServiceById, servicePath } from "#shared/content/services.ts";
import { breadcrumbJsonLd, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/personas";

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlFrom(matches);
  return seoMeta({
    title: "Who We Serve: personas and user stories",
    description:
      "The founders, product leads, IT directors, non-profit leaders and brand teams Digital Frontier works with: their goals, their frustrations and the user stories we build around.",
    path: "/personas",
    publicUrl,
    jsonLd: [
      breadcrumbJsonLd(publicUrl, [
        ["Home", "/"],
        ["About Us", "/about-us"],
        ["Who We Serve", "/personas"],
      ]),
    ],
  });
};

const initialsColours = [
  "from-frontier-blue to-frontier-purple",
  "from-frontier-purple to-frontier-orange",
  "from-frontier-orange to-frontier-blue",
];

export default function PersonasPage() {
  return (
    <StaticPart as="main" partKey="personas" id="main" className="container-page">
      <PageHero
        eyebrow="Personas and user stories"
        title="Who We Serve"
        lead="We do our best work for people who need software to change something real in their organisation. These five composites, drawn from the clients we work with, keep every proposal, design and sprint focused on what they actually need."
      >
        <nav aria-label="Personas on this page" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {personas.map((persona) => (
              <li key={persona.id}>
                <a
                  href={`#${persona.id}`}
                  className="inline-block rounded-full border border-white/15 px-4 py-2 text-sm text-mist-300 hover:border-white/40 hover:text-white"
                >
                  {persona.role}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <div className="space-y-10">
        {personas.map((persona, index) => (
          <article
            key={persona.id}
            id={persona.id}
            aria-labelledby={`${persona.id}-heading`}
            className="card scroll-mt-28 p-6 sm:p-10"
          >
            <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
              <span
                aria-hidden="true"
                className={`flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl bg-linear-to-br font-display text-2xl font-bold text-white ${initialsColours[index % initialsColours.length]}`}
              >
                {persona.name.charAt(0)}
              </span>
              <div>
                <h2 id={`${persona.id}-heading`} className="heading-lg">
                  {persona.name}, {persona.role}
                </h2>
                <p className="mt-1 text-mist-400">{persona.organisation}</p>
              </div>
            </div>

            <blockquote className="mt-6 border-l-4 border-frontier-purple pl-4 text-lg text-mist-100 italic">
              <p>“{persona.quote}”</p>
            </blockquote>

            <div className="mt-8 grid gap-8 md:grid-cols-2">
              <div>
                <h3 className="heading-md">Goals</h3>
                <ul className="mt-3 space-y-2">
                  {persona.goals.map((goal) => (
                    <li key={goal} className="flex gap-2 text-mist-300">
                      <ContentIcon
                        name="check"
                        className="mt-1 h-4 w-4 shrink-0 text-frontier-blue"
                      />
                      {goal}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className="heading-md">Frustrations</h3>
                <ul className="mt-3 space-y-2">
                  {persona.frustrations.map((frustration) => (
                    <li key={frustration} className="flex gap-2 text-mist-300">
                      <span aria-hidden="true" className="mt-0.5 text-frontier-orange">
                        –
                      </span>
                      {frustration}
                    </li>
                  ))}
                </ul>
              </div>
            </div>

            <h3 className="heading-md mt-10">User stories</h3>
            <ul className="mt-4 space-y-3">
              {persona.stories.map((story) => (
                <li
                  key={story}
                  className="rounded-xl border border-white/10 bg-ink-950/60 px-5 py-4 leading-relaxed text-mist-100"
                >
                  {story}
                </li>
              ))}
            </ul>

            <p className="mt-8 text-sm text-mist-400">
              <span className="font-semibold text-mist-300">Services that help: </span>
              {persona.services.map((id, serviceIndex) => {
                const service = findServiceById(id);
                if (!service) return null;
                return (
                  <span key={id}>
                    {serviceIndex > 0 ? ", " : null}
                    <InternalLink
                      to={servicePath(service)}
                      className="text-frontier-orange underline underline-offset-4 hover:text-orange-300"
                    >
                      {service.name}
                    </InternalLink>
                  </span>
                );
              })}
            </p>
          </article>
        ))}
      </div>

      <CtaBand
        title="Recognise yourself here?"
        body="Whichever of these sounds like you, the first step is the same: a conversation about where you are and where you need to be."
        secondary={{ to: "/about-us", label: "More about us" }}
      />
    </StaticPart>
  );
}
