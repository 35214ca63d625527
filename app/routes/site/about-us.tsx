import { useLoaderData } from "react-router";
import { ContentIcon } from "#app/components/site/content-icon.tsx";
import { CtaBand } from "#app/components/site/cta-band.tsx";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { SectionHeading } from "#app/components/site/section-heading.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { TestimonialsSection } from "#app/components/site/testimonials.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { rememberPublicData } from "#server/cache/layout-data.ts";
import { findVisibleTestimonials } from "#server/content/testimonials.ts";
import { directives } from "#shared/content/directives.ts";
import { processSteps } from "#shared/content/process.ts";
import { seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/about-us";

export async function loader({ context }: Route.LoaderArgs) {
  const testimonials = await rememberPublicData(context.db, "testimonials", () =>
    findVisibleTestimonials({ db: context.db }),
  );
  return { testimonials };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "About Us",
    description:
      "Who Digital Frontier is: a senior team of engineers and designers, how we work, the values we hold to and how we put teams together for each client.",
    path: "/about-us",
    publicUrl: publicUrlFrom(matches),
  });

const values = [
  {
    title: "Say what we see",
    body: "If a deadline is at risk, a feature is a bad idea or a cheaper option exists, you hear it from us first and early. Candour is part of the service.",
  },
  {
    title: "Leave it better",
    body: "Every codebase we touch ends up with clearer structure, better tests and more documentation than it had when we arrived, including the parts we did not build.",
  },
  {
    title: "Measure, then decide",
    body: "Performance, accessibility, error rates, model accuracy and cost are numbers we track. Opinions start discussions; evidence ends them.",
  },
  {
    title: "Build for the handover",
    body: "We write every system as if your own team will run it tomorrow, because one day they will. No secret knowledge, no proprietary lock-in.",
  },
];

const teamPrinciples = [
  {
    title: "One accountable lead",
    body: "A senior technical lead owns the outcome, joins every planning session and is the person you call. They stay for the whole engagement.",
  },
  {
    title: "Small, senior, cross-functional",
    body: "Teams of two to six: engineers, a designer and specialists as the work needs them. Everyone has shipped and operated production systems before.",
  },
  {
    title: "Inside your workflow",
    body: "We work in your repositories, chat and tracker where that helps, follow your conventions and invite your engineers into our reviews.",
  },
];

export default function AboutUsPage() {
  const { testimonials } = useLoaderData<typeof loader>();
  return (
    <StaticPart
      as="main"
      data={testimonials}
      partKey="about-us"
      id="main"
      className="container-page"
    >
      <PageHero
        eyebrow="About us"
        title="A senior team that builds like it owns the outcome"
        lead="Digital Frontier is a software engineering agency of engineers and designers who have built, scaled and operated products from first prototype to large-scale production. We take on fewer projects than we could, so each one gets our best people."
      />

      <section
        aria-labelledby="who-heading"
        className="grid gap-6 py-12 sm:py-16 lg:grid-cols-2 lg:gap-10"
      >
        <div>
          <h2 id="who-heading" className="heading-lg">
            Who we are
          </h2>
        </div>
        <div className="space-y-5 text-lg leading-relaxed text-mist-300">
          <p>
            We started Digital Frontier because we kept seeing the same pattern: good companies with
            good ideas, let down by software that was rushed, over-engineered or abandoned halfway.
            We wanted an agency where the people who sell the work are the people who do it.
          </p>
          <p>
            Today we design and build web platforms, mobile apps, AI features, brand identities and
            immersive experiences for startups, scale-ups, enterprises and non-profits. What they
            share is software that matters to their business and a preference for partners who tell
            the truth.
          </p>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="py-12 sm:py-16">
        <SectionHeading
          id="how-heading"
          eyebrow="How we work"
          title="Velocity, precision and partnership, in practice"
          lead={`Every engagement runs through the same four steps: ${processSteps
            .map((step) => step.title)
            .join(", ")}. Three directives shape how we take each one.`}
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {directives.map((directive) => (
            <li key={directive.name} className="card">
              <ContentIcon name={directive.icon} className="h-8 w-8 text-frontier-orange" />
              <h3 className="heading-md mt-4">{directive.name}</h3>
              <p className="mt-3 leading-relaxed text-mist-300">{directive.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="values-heading" className="py-12 sm:py-16">
        <SectionHeading id="values-heading" eyebrow="Values" title="What we hold ourselves to" />
        <ul className="grid gap-x-10 gap-y-8 md:grid-cols-2">
          {values.map((value, index) => (
            <li key={value.title} className="flex gap-5">
              <span
                aria-hidden="true"
                className="font-display text-3xl font-bold text-frontier-blue"
              >
                {String(index + 1).padStart(2, "0")}
              </span>
              <div>
                <h3 className="heading-md">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-mist-300">{value.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="team-heading" className="py-12 sm:py-16">
        <SectionHeading
          id="team-heading"
          eyebrow="Team approach"
          title="The team you meet is the team that builds"
          lead="No bait and switch. The people in the first workshop are the people writing your code and designing your screens."
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {teamPrinciples.map((principle) => (
            <li key={principle.title} className="card">
              <h3 className="heading-md">{principle.title}</h3>
              <p className="mt-3 leading-relaxed text-mist-300">{principle.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="personas-heading"
        className="card mt-8 flex flex-col items-start gap-6 p-8 md:flex-row md:items-center md:justify-between"
      >
        <div className="max-w-2xl">
          <h2 id="personas-heading" className="heading-md">
            Who we build for
          </h2>
          <p className="mt-2 leading-relaxed text-mist-300">
            Founders, product leads, IT directors, non-profit leaders and brand teams: see the
            people we serve, what they need from a partner and the stories we design around.
          </p>
        </div>
        <InternalLink to="/personas" className="btn-secondary shrink-0">
          Meet the people we serve
        </InternalLink>
      </section>

      <TestimonialsSection testimonials={testimonials} title="In our clients’ words" />

      <CtaBand
        title="Work with people who have done it before"
        body="Tell us about your product, your team and your timeline. We will tell you honestly whether we are the right fit and what a first engagement would look like."
      />
    </StaticPart>
  );
}
