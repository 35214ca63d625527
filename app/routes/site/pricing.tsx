import { ContentIcon } from "#app/components/site/content-icon.tsx";
import { CtaBand } from "#app/components/site/cta-band.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { SectionHeading } from "#app/components/site/section-heading.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { pricingModels } from "#shared/content/pricing.ts";
import { seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Pricing and engagement models",
    description:
      "Fixed price, time and materials, or a dedicated team retainer: what each engagement model suits, how billing works and how to choose between them.",
    path: "/pricing",
    publicUrl: publicUrlFrom(matches),
  });

const accents = [
  "from-frontier-blue to-frontier-purple",
  "from-frontier-purple to-frontier-orange",
  "from-frontier-orange to-frontier-blue",
];

const principles = [
  {
    title: "Every assumption in writing",
    body: "Proposals list the team, the rates, the scope and the assumptions behind the estimate, so you can see exactly what would change the price.",
  },
  {
    title: "No surprise invoices",
    body: "Budgets are tracked weekly and shared with you. If we see a risk to the budget, you hear about it while there is still time to choose.",
  },
  {
    title: "You own what you pay for",
    body: "Code, designs, infrastructure and documentation live in accounts you control from day one, whichever model you choose.",
  },
];

export default function PricingPage() {
  return (
    <StaticPart as="main" partKey="pricing" id="main" className="container-page">
      <PageHero
        eyebrow="Pricing"
        title="Three ways to work with us"
        lead="Pick the model that matches how certain your scope is. Many clients start with a fixed-price discovery, then move to time and materials or a dedicated team once the path is clear."
      />

      <section aria-label="Engagement models">
        <ul className="grid gap-6 lg:grid-cols-3">
          {pricingModels.map((model, index) => (
            <li
              key={model.id}
              id={model.id}
              className="card relative flex flex-col overflow-hidden p-8"
            >
              <span
                aria-hidden="true"
                className={`absolute top-0 left-0 h-1 w-full bg-linear-to-r ${accents[index % accents.length]}`}
              />
              <h2 className="font-display text-2xl font-bold text-white">{model.name}</h2>
              <p className="mt-1 text-sm font-medium text-frontier-orange">{model.tagline}</p>
              <p className="mt-4 leading-relaxed text-mist-300">{model.summary}</p>

              <h3 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">
                Best suited to
              </h3>
              <ul className="mt-3 space-y-2">
                {model.suits.map((suit) => (
                  <li key={suit} className="flex gap-2 text-mist-300">
                    <ContentIcon
                      name="check"
                      className="mt-1 h-4 w-4 shrink-0 text-frontier-orange"
                    />
                    {suit}
                  </li>
                ))}
              </ul>

              <h3 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">
                How billing works
              </h3>
              <p className="mt-3 leading-relaxed text-mist-300">{model.billing}</p>

              <h3 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">
                Always included
              </h3>
              <ul className="mt-3 mb-2 flex-1 space-y-2">
                {model.includes.map((item) => (
                  <li key={item} className="flex gap-2 text-mist-300">
                    <ContentIcon
                      name="check"
                      className="mt-1 h-4 w-4 shrink-0 text-frontier-blue"
                    />
                    {item}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="principles-heading" className="pt-24">
        <SectionHeading
          id="principles-heading"
          eyebrow="Whichever model you choose"
          title="Pricing you can plan around"
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {principles.map((principle) => (
            <li key={principle.title} className="border-t border-white/10 pt-6">
              <h3 className="heading-md">{principle.title}</h3>
              <p className="mt-3 leading-relaxed text-mist-300">{principle.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <CtaBand
        title="Get a proposal for your project"
        body="Share what you want to build and your constraints. We will recommend an engagement model and send a written proposal with the team, timeline and price, usually within a week."
        primary={{ to: "/contact", label: "Request a proposal" }}
        secondary={{ to: "/faq", label: "Read the FAQ" }}
      />
    </StaticPart>
  );
}
