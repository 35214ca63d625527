import { ContentIcon } from "#app/components/site/content-icon.tsx";
import { CtaBand } from "#app/components/site/cta-band.tsx";
import { HelpChooseCard } from "#app/components/site/help-choose-card.tsx";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { SectionHeading } from "#app/components/site/section-heading.tsx";
import { ServiceCard } from "#app/components/site/service-card.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { serviceGuides } from "#shared/content/service-guides.ts";
import { servicePath, services } from "#shared/content/services.ts";
import { breadcrumbJsonLd, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlFrom(matches);
  return seoMeta({
    title: "Services",
    description:
      "Web platforms, AI and machine learning, mobile apps, UI/UX and brand identity, and VR/AR: what Digital Frontier builds and how each engagement runs.",
    path: "/services",
    publicUrl,
    jsonLd: [
      breadcrumbJsonLd(publicUrl, [
        ["Home", "/"],
        ["Services", "/services"],
      ]),
    ],
  });
};

export default function ServicesPage() {
  return (
    <StaticPart as="main" partKey="services" id="main" className="container-page">
      <PageHero
        eyebrow="Services"
        title="What we build, and how we build it"
        lead="Five disciplines delivered by one senior team. Each guide below explains what the work involves, why it pays off, how we run it and exactly what you receive at the end."
      />

      <section aria-labelledby="service-list-heading" className="pb-8">
        <h2 id="service-list-heading" className="sr-only">
          Our services
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service, index) => (
            <li key={service.id}>
              <ServiceCard service={service} index={index} />
            </li>
          ))}
          <li>
            <HelpChooseCard to="/contact" label="Describe your problem" />
          </li>
        </ul>
      </section>

      <section aria-labelledby="combined-heading" className="py-20">
        <SectionHeading
          id="combined-heading"
          eyebrow="Working across disciplines"
          title="Most products need more than one"
          lead="A mobile app needs a platform behind it; an AI feature needs an interface people trust. Because one team covers all five, the seams between them are our problem, not yours."
        />
        <div className="grid gap-6 lg:grid-cols-2">
          {services.map((service) => (
            <div key={service.id} className="flex gap-4 border-t border-white/10 pt-6">
              <ContentIcon
                name={service.icon}
                className="mt-1 h-6 w-6 shrink-0 text-frontier-orange"
              />
              <div>
                <h3 className="heading-md">{service.name}</h3>
                <p className="mt-2 text-mist-300">
                  <span className="font-medium text-mist-100">You receive: </span>
                  {serviceGuides[service.id].deliverables.slice(0, 3).join("; ")}.
                </p>
                <InternalLink
                  to={servicePath(service)}
                  className="mt-3 inline-block text-sm font-semibold text-frontier-orange hover:underline"
                >
                  {`Read the ${service.name} guide`}
                </InternalLink>
              </div>
            </div>
          ))}
        </div>
      </section>

      <CtaBand
        title="Not sure which service you need?"
        body="Describe the outcome you are after. We will recommend the smallest team and the simplest approach that gets you there, and say so when you need less than you thought."
        secondary={{ to: "/pricing", label: "How pricing works" }}
      />
    </StaticPart>
  );
}
