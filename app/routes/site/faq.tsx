import { CtaBand } from "#app/components/site/cta-band.tsx";
import { FaqAccordion } from "#app/components/site/faq-accordion.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { faqItems } from "#shared/content/faq.ts";
import { seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Frequently Asked Questions",
    description:
      "Straight answers on the projects we take on, keeping quality high at speed, engagement and pricing models, taking over projects and support after launch.",
    path: "/faq",
    publicUrl: publicUrlFrom(matches),
    jsonLd: [
      {
        "@type": "FAQPage",
        mainEntity: faqItems.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      },
    ],
  });

export default function FaqPage() {
  return (
    <StaticPart as="main" partKey="faq" id="main" className="container-page">
      <PageHero
        eyebrow="FAQ"
        title="Frequently Asked Questions"
        lead="The questions prospective clients ask us most, answered the way we would answer them on a call: directly, and without the sales gloss."
      />
      <section aria-label="Questions and answers" className="max-w-4xl">
        <FaqAccordion items={faqItems} />
      </section>
      <CtaBand
        title="Didn't find your question?"
        body="Ask us directly. You will get an answer from an engineer, not a sales script, usually within one working day."
        primary={{ to: "/contact", label: "Ask us a question" }}
        secondary={{ to: "/pricing", label: "Compare pricing models" }}
      />
    </StaticPart>
  );
}
