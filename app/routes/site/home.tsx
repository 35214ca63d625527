import { useLoaderData } from "react-router";
import { ContentIcon } from "#app/components/site/content-icon.tsx";
import { CtaBand } from "#app/components/site/cta-band.tsx";
import { HelpChooseCard } from "#app/components/site/help-choose-card.tsx";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { SectionHeading } from "#app/components/site/section-heading.tsx";
import { ServiceCard } from "#app/components/site/service-card.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { TestimonialsSection } from "#app/components/site/testimonials.tsx";
import { socialLinks } from "#app/lib/navigation.ts";
import { publicUrlFrom } from "#app/root.tsx";
import { rememberPublicData } from "#server/cache/layout-data.ts";
import { findVisibleTestimonials } from "#server/content/testimonials.ts";
import { directives } from "#shared/content/directives.ts";
import { processSteps } from "#shared/content/process.ts";
import { services } from "#shared/content/services.ts";
import { technologies } from "#shared/content/technologies.ts";
import { absoluteUrl, SITE_NAME, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const testimonials = await rememberPublicData(context.db, "testimonials", () =>
    findVisibleTestimonials({ db: context.db }),
  );
  return { testimonials };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlFrom(matches);
  return seoMeta({
    title: "Engineering The Digital Frontier | Digital Frontier",
    description:
      "A senior software engineering agency: web platforms, mobile apps, AI features, brand identity and VR/AR, with working software every week.",
    path: "/",
    publicUrl,
    jsonLd: [
      {
        "@type": "Organization",
        name: SITE_NAME,
        url: absoluteUrl(publicUrl, "/"),
        logo: absoluteUrl(publicUrl, "/logo.svg"),
        slogan: "Engineering The Digital Frontier",
        description:
          "A software engineering agency for web platforms, AI and machine learning, mobile apps, UI/UX and brand identity, and VR/AR development.",
        sameAs: socialLinks.map((link) => link.href),
      },
    ],
  });
};

const directiveAccents = ["text-frontier-blue", "text-frontier-orange", "text-frontier-purple"];

export default function HomePage() {
  const { testimonials } = useLoaderData<typeof loader>();
  // The same for every visitor until the testimonials change: rendered once (decision 737).
  return (
    <StaticPart as="main" data={testimonials} partKey="home" id="main" className="container-page">
      <Hero />

      <section aria-labelledby="directives-heading" className="py-14 sm:py-20">
        <SectionHeading
          id="directives-heading"
          eyebrow="How we operate"
          title="Three directives behind every line of code"
          lead="They are not slogans on a wall. Each one shows up in how we plan, review, ship and talk to you."
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {directives.map((directive, index) => (
            <li key={directive.name} className="card">
              <ContentIcon
                name={directive.icon}
                className={`h-9 w-9 ${directiveAccents[index % directiveAccents.length]}`}
              />
              <h3 className="heading-md mt-5">{directive.name}</h3>
              <p className="mt-3 leading-relaxed text-mist-300">{directive.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="services-heading" className="py-14 sm:py-20">
        <SectionHeading
          id="services-heading"
          eyebrow="Services"
          title="Five disciplines, one accountable team"
          lead="Most products need more than one of these. You get them from people who already work together, under one lead and one plan."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service, index) => (
            <li key={service.id}>
              <ServiceCard service={service} index={index} />
            </li>
          ))}
          <li>
            <HelpChooseCard to="/services" label="Compare all services" />
          </li>
        </ul>
      </section>

      <section aria-labelledby="process-heading" className="py-14 sm:py-20">
        <SectionHeading
          id="process-heading"
          eyebrow="Process"
          title="From first call to production in four steps"
          lead="Every engagement follows the same path, scaled to its size. You always know which step we are in and what comes next."
        />
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {processSteps.map((step) => (
            <li key={step.id} className="card relative overflow-hidden">
              <span
                aria-hidden="true"
                className="absolute top-0 left-0 h-1 w-full bg-linear-to-r from-frontier-blue via-frontier-purple to-frontier-orange"
              />
              <p className="font-display text-sm font-semibold text-frontier-orange">
                <span className="sr-only">Step </span>
                {String(step.id).padStart(2, "0")}
              </p>
              <h3 className="heading-md mt-2">{step.title}</h3>
              <p className="mt-3 leading-relaxed text-mist-300">{step.description}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="technologies-heading" className="py-14 sm:py-20">
        <SectionHeading
          id="technologies-heading"
          eyebrow="Technology"
          title="Tools we trust in production"
          lead="A deliberately boring core with sharp tools at the edges. We choose for your team's future, not for our CVs."
        />
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {technologies.map((technology, index) => (
            <li
              key={technology.name}
              className="flex items-center gap-2.5 rounded-xl border border-white/10 bg-ink-900/70 px-3 py-4 sm:gap-3 sm:px-4"
            >
              <ContentIcon
                name={technology.icon}
                className={`h-6 w-6 shrink-0 ${directiveAccents[index % directiveAccents.length]}`}
              />
              <span className="min-w-0 text-sm font-medium break-words text-mist-100">
                {technology.name}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <TestimonialsSection testimonials={testimonials} title="What our clients say" />

      <CtaBand
        title="Let's build what comes next"
        body="Bring us a product idea, a stalled project or a system that has outgrown its first design. Within a week you will have a clear plan, a named team and a price."
      />
    </StaticPart>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative grid items-center gap-12 pt-16 pb-12 sm:pt-24 sm:pb-20 lg:grid-cols-[1.5fr_1fr] lg:pt-28 lg:pb-28"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -left-40 -z-10 h-96 w-96 rounded-full bg-frontier-blue/20 blur-3xl"
      />
      <div>
        <p className="eyebrow mb-5">Software engineering agency</p>
        <h1 id="hero-heading" className="heading-xl sm:text-6xl">
          Engineering The <br className="hidden sm:inline" />
          <span className="inline-block bg-linear-to-r pb-2 from-frontier-blue via-frontier-purple to-frontier-orange bg-clip-text text-transparent">
            Digital Frontier
          </span>
        </h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-mist-300 sm:text-xl">
          We are senior engineers and designers who build the platforms, apps and intelligent
          systems ambitious companies run on. Working software every week, decisions in writing, and
          code you fully own.
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <InternalLink to="/contact" className="btn-primary">
            Start a project
            <ContentIcon name="arrow" className="h-4 w-4" />
          </InternalLink>
          <InternalLink to="/case-studies" className="btn-secondary">
            See case studies
          </InternalLink>
        </div>
        <ul className="mt-12 grid max-w-xl grid-cols-1 gap-3 text-sm text-mist-300 sm:grid-cols-3">
          {["Senior-only teams", "Weekly demos", "You own the code"].map((point) => (
            <li key={point} className="flex items-center gap-2">
              <ContentIcon name="check" className="h-4 w-4 shrink-0 text-frontier-orange" />
              {point}
            </li>
          ))}
        </ul>
      </div>
      <HorizonArt />
    </section>
  );
}

/** The hero illustration: a horizon grid under an orbiting sun. Decorative. */
function HorizonArt() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 400 360"
      className="mx-auto hidden w-full max-w-md lg:block"
    >
      <defs>
        <linearGradient id="hero-sun" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="0.55" stopColor="#a855f7" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
        <linearGradient id="hero-grid" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b82f6" stopOpacity="0.7" />
          <stop offset="1" stopColor="#3b82f6" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="150" r="78" fill="url(#hero-sun)" opacity="0.9" />
      <ellipse
        cx="200"
        cy="150"
        rx="150"
        ry="44"
        fill="none"
        stroke="#c3cbe6"
        strokeOpacity="0.35"
        transform="rotate(-14 200 150)"
      />
      <ellipse
        cx="200"
        cy="150"
        rx="118"
        ry="30"
        fill="none"
        stroke="#f97316"
        strokeOpacity="0.5"
        transform="rotate(18 200 150)"
      />
      <circle cx="338" cy="118" r="6" fill="#f97316" />
      <circle cx="96" cy="170" r="4" fill="#3b82f6" />
      <g stroke="url(#hero-grid)" strokeWidth="1.2">
        <path d="M0 230h400" />
        <path d="M0 252h400M0 280h400M0 316h400M0 360h400" />
        <path d="M200 230v130M150 230L60 360M250 230l90 130M100 230L-80 360M300 230l180 130M50 230L-220 360M350 230l270 130" />
      </g>
    </svg>
  );
}
