import { directives } from "#shared/content/directives.ts";
import { faqItems } from "#shared/content/faq.ts";
import { personas } from "#shared/content/personas.ts";
import { pricingModels } from "#shared/content/pricing.ts";
import { processSteps } from "#shared/content/process.ts";
import { serviceGuides } from "#shared/content/service-guides.ts";
import { servicePath, services } from "#shared/content/services.ts";
import { technologies } from "#shared/content/technologies.ts";
import type { PageBlockInput } from "#shared/pages/blocks.ts";

/**
 * The site's own pages as the demo content seeds them, block for block what the site showed
 * when they were code (decision 531). A built-in path with no stored page at all (a database
 * seeded before pages existed, a test's empty one) is served from here; once a page is stored
 * at the path, it is what the site shows.
 */
export type BuiltInPage = {
  path: string;
  title: string;
  seoTitle: string;
  seoDescription: string;
  isHome?: boolean;
  blocks: PageBlockInput[];
};

const defaultCta = {
  primary: { label: "Start a conversation", href: "/contact" },
  secondary: { label: "See our case studies", href: "/case-studies" },
};

const home: BuiltInPage = {
  path: "/",
  title: "Home",
  seoTitle: "Engineering The Digital Frontier | Digital Frontier",
  seoDescription:
    "A senior software engineering agency: web platforms, mobile apps, AI features, brand identity and VR/AR, with working software every week.",
  isHome: true,
  blocks: [
    {
      type: "hero",
      variant: "home",
      eyebrow: "Software engineering agency",
      title: "Engineering The Digital Frontier",
      highlight: "Digital Frontier",
      lead: "We are senior engineers and designers who build the platforms, apps and intelligent systems ambitious companies run on. Working software every week, decisions in writing, and code you fully own.",
      ctas: [
        { label: "Start a project", href: "/contact" },
        { label: "See case studies", href: "/case-studies" },
      ],
      points: ["Senior-only teams", "Weekly demos", "You own the code"],
    },
    {
      type: "featureGrid",
      eyebrow: "How we operate",
      heading: "Three directives behind every line of code",
      lead: "They are not slogans on a wall. Each one shows up in how we plan, review, ship and talk to you.",
      style: "cards",
      columns: 3,
      items: directives.map((directive) => ({
        icon: directive.icon,
        title: directive.name,
        body: directive.body,
      })),
    },
    {
      type: "featureGrid",
      eyebrow: "Services",
      heading: "Five disciplines, one accountable team",
      lead: "Most products need more than one of these. You get them from people who already work together, under one lead and one plan.",
      source: "services",
      more: { label: "Compare all services", href: "/services" },
    },
    {
      type: "processSteps",
      eyebrow: "Process",
      heading: "From first call to production in four steps",
      lead: "Every engagement follows the same path, scaled to its size. You always know which step we are in and what comes next.",
      steps: processSteps.map((step) => ({ title: step.title, description: step.description })),
    },
    {
      type: "logoStrip",
      eyebrow: "Technology",
      heading: "Tools we trust in production",
      lead: "A deliberately boring core with sharp tools at the edges. We choose for your team's future, not for our CVs.",
      items: technologies.map((technology) => ({ name: technology.name, icon: technology.icon })),
    },
    { type: "testimonials", heading: "What our clients say" },
    {
      type: "ctaBand",
      title: "Let's build what comes next",
      body: "Bring us a product idea, a stalled project or a system that has outgrown its first design. Within a week you will have a clear plan, a named team and a price.",
      ...defaultCta,
    },
  ],
};

const aboutUs: BuiltInPage = {
  path: "/about-us",
  title: "About Us",
  seoTitle: "About Us",
  seoDescription:
    "Who Digital Frontier is: a senior team of engineers and designers, how we work, the values we hold to and how we put teams together for each client.",
  blocks: [
    {
      type: "hero",
      eyebrow: "About us",
      title: "A senior team that builds like it owns the outcome",
      lead: "Digital Frontier is a software engineering agency of engineers and designers who have built, scaled and operated products from first prototype to large-scale production. We take on fewer projects than we could, so each one gets our best people.",
    },
    {
      type: "richText",
      heading: "Who we are",
      markdown: [
        "We started Digital Frontier because we kept seeing the same pattern: good companies with good ideas, let down by software that was rushed, over-engineered or abandoned halfway. We wanted an agency where the people who sell the work are the people who do it.",
        "Today we design and build web platforms, mobile apps, AI features, brand identities and immersive experiences for startups, scale-ups, enterprises and non-profits. What they share is software that matters to their business and a preference for partners who tell the truth.",
      ].join("\n\n"),
    },
    {
      type: "featureGrid",
      spacing: "compact",
      eyebrow: "How we work",
      heading: "Velocity, precision and partnership, in practice",
      lead: `Every engagement runs through the same four steps: ${processSteps
        .map((step) => step.title)
        .join(", ")}. Three directives shape how we take each one.`,
      style: "cards",
      columns: 3,
      items: directives.map((directive) => ({
        icon: directive.icon,
        title: directive.name,
        body: directive.body,
      })),
    },
    {
      type: "featureGrid",
      spacing: "compact",
      eyebrow: "Values",
      heading: "What we hold ourselves to",
      style: "numbered",
      columns: 2,
      items: [
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
      ],
    },
    {
      type: "featureGrid",
      spacing: "compact",
      eyebrow: "Team approach",
      heading: "The team you meet is the team that builds",
      lead: "No bait and switch. The people in the first workshop are the people writing your code and designing your screens.",
      style: "cards",
      columns: 3,
      items: [
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
      ],
    },
    {
      type: "ctaBand",
      variant: "card",
      title: "Who we build for",
      body: "Founders, product leads, IT directors, non-profit leaders and brand teams: see the people we serve, what they need from a partner and the stories we design around.",
      primary: { label: "Meet the people we serve", href: "/personas" },
    },
    { type: "testimonials", heading: "In our clients’ words" },
    {
      type: "ctaBand",
      title: "Work with people who have done it before",
      body: "Tell us about your product, your team and your timeline. We will tell you honestly whether we are the right fit and what a first engagement would look like.",
      ...defaultCta,
    },
  ],
};

const faq: BuiltInPage = {
  path: "/faq",
  title: "Frequently Asked Questions",
  seoTitle: "Frequently Asked Questions",
  seoDescription:
    "Straight answers on the projects we take on, keeping quality high at speed, engagement and pricing models, taking over projects and support after launch.",
  blocks: [
    {
      type: "hero",
      eyebrow: "FAQ",
      title: "Frequently Asked Questions",
      lead: "The questions prospective clients ask us most, answered the way we would answer them on a call: directly, and without the sales gloss.",
    },
    { type: "faqList", items: faqItems.map((item) => ({ ...item })) },
    {
      type: "ctaBand",
      title: "Didn't find your question?",
      body: "Ask us directly. You will get an answer from an engineer, not a sales script, usually within one working day.",
      primary: { label: "Ask us a question", href: "/contact" },
      secondary: { label: "Compare pricing models", href: "/pricing" },
    },
  ],
};

const pricing: BuiltInPage = {
  path: "/pricing",
  title: "Pricing",
  seoTitle: "Pricing and engagement models",
  seoDescription:
    "Fixed price, time and materials, or a dedicated team retainer: what each engagement model suits, how billing works and how to choose between them.",
  blocks: [
    {
      type: "hero",
      eyebrow: "Pricing",
      title: "Three ways to work with us",
      lead: "Pick the model that matches how certain your scope is. Many clients start with a fixed-price discovery, then move to time and materials or a dedicated team once the path is clear.",
    },
    {
      type: "pricingTiers",
      tiers: pricingModels.map((model) => ({
        name: model.name,
        tagline: model.tagline,
        summary: model.summary,
        suits: [...model.suits],
        billing: model.billing,
        includes: [...model.includes],
      })),
    },
    {
      type: "featureGrid",
      eyebrow: "Whichever model you choose",
      heading: "Pricing you can plan around",
      style: "list",
      columns: 3,
      items: [
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
      ],
    },
    {
      type: "ctaBand",
      title: "Get a proposal for your project",
      body: "Share what you want to build and your constraints. We will recommend an engagement model and send a written proposal with the team, timeline and price, usually within a week.",
      primary: { label: "Request a proposal", href: "/contact" },
      secondary: { label: "Read the FAQ", href: "/faq" },
    },
  ],
};

const whoWeServe: BuiltInPage = {
  path: "/personas",
  title: "Who We Serve",
  seoTitle: "Who We Serve: personas and user stories",
  seoDescription:
    "The founders, product leads, IT directors, non-profit leaders and brand teams Digital Frontier works with: their goals, their frustrations and the user stories we build around.",
  blocks: [
    {
      type: "hero",
      eyebrow: "Personas and user stories",
      title: "Who We Serve",
      lead: "We do our best work for people who need software to change something real in their organisation. These five composites, drawn from the clients we work with, keep every proposal, design and sprint focused on what they actually need.",
    },
    {
      type: "personas",
      items: personas.map((persona) => ({
        ...persona,
        goals: [...persona.goals],
        frustrations: [...persona.frustrations],
        stories: [...persona.stories],
        services: [...persona.services],
      })),
    },
    {
      type: "ctaBand",
      title: "Recognise yourself here?",
      body: "Whichever of these sounds like you, the first step is the same: a conversation about where you are and where you need to be.",
      primary: { label: "Start a conversation", href: "/contact" },
      secondary: { label: "More about us", href: "/about-us" },
    },
  ],
};

const servicesPage: BuiltInPage = {
  path: "/services",
  title: "Services",
  seoTitle: "Services",
  seoDescription:
    "Web platforms, AI and machine learning, mobile apps, UI/UX and brand identity, and VR/AR: what Digital Frontier builds and how each engagement runs.",
  blocks: [
    {
      type: "hero",
      eyebrow: "Services",
      title: "What we build, and how we build it",
      lead: "Five disciplines delivered by one senior team. Each guide below explains what the work involves, why it pays off, how we run it and exactly what you receive at the end.",
    },
    {
      type: "featureGrid",
      heading: "Our services",
      isHeadingHidden: true,
      spacing: "joined",
      source: "services",
      more: { label: "Describe your problem", href: "/contact" },
    },
    {
      type: "featureGrid",
      eyebrow: "Working across disciplines",
      heading: "Most products need more than one",
      lead: "A mobile app needs a platform behind it; an AI feature needs an interface people trust. Because one team covers all five, the seams between them are our problem, not yours.",
      style: "list",
      columns: 2,
      items: services.map((service) => ({
        icon: service.icon,
        title: service.name,
        body: `You receive: ${serviceGuides[service.id].deliverables.slice(0, 3).join("; ")}.`,
        href: servicePath(service),
        linkLabel: `Read the ${service.name} guide`,
      })),
    },
    {
      type: "ctaBand",
      title: "Not sure which service you need?",
      body: "Describe the outcome you are after. We will recommend the smallest team and the simplest approach that gets you there, and say so when you need less than you thought.",
      primary: { label: "Start a conversation", href: "/contact" },
      secondary: { label: "How pricing works", href: "/pricing" },
    },
  ],
};

const paragraphs = (list: readonly string[]) => list.join("\n\n");

/** Each service's guide at /services/{slug}. */
const serviceGuidePages: BuiltInPage[] = services.map((service) => {
  const guide = serviceGuides[service.id];
  return {
    path: servicePath(service),
    title: service.name,
    seoTitle: `${service.name} guide`,
    seoDescription: service.summary,
    blocks: [
      {
        type: "hero",
        variant: "guide",
        icon: service.icon,
        eyebrow: "Service guide",
        title: service.name,
        lead: service.summary,
      },
      {
        type: "sections",
        items: [
          { id: "what", heading: "What it is", markdown: paragraphs(guide.what) },
          { id: "why", heading: "Why it matters", markdown: paragraphs(guide.why) },
          { id: "how", heading: "How we work", markdown: paragraphs(guide.how) },
          { id: "deliverables", heading: "What you receive", points: [...guide.deliverables] },
        ],
      },
      {
        type: "featureGrid",
        heading: "Other services",
        style: "links",
        items: services
          .filter((other) => other.id !== service.id)
          .map((other) => ({ icon: other.icon, title: other.name, href: servicePath(other) })),
      },
      {
        type: "ctaBand",
        title: `Ready to talk about ${service.name}?`,
        body: "Tell us what you want to achieve. A senior engineer from this practice will reply within one working day with questions, a first view on approach and an honest sense of cost.",
        primary: { label: "Contact us about this", href: "/contact" },
        secondary: { label: "See engagement models", href: "/pricing" },
      },
    ],
  };
});

export const builtInPages: BuiltInPage[] = [
  home,
  aboutUs,
  servicesPage,
  ...serviceGuidePages,
  faq,
  pricing,
  whoWeServe,
];

const byPath = new Map(builtInPages.map((page) => [page.path, page]));

export function findBuiltInPage(path: string) {
  return byPath.get(path);
}
