import type { ServiceId } from "./services";

/** The people the agency serves, with their goals, frustrations and user stories. */

export type Persona = {
  id: string;
  /** A short first name that makes the persona easy to talk about. */
  name: string;
  role: string;
  organisation: string;
  quote: string;
  goals: string[];
  frustrations: string[];
  /** "As a ..., I want ..., so that ..." */
  stories: string[];
  services: ServiceId[];
};

export const personas: Persona[] = [
  {
    id: "startup-founder",
    name: "Amara",
    role: "Founder and CEO",
    organisation: "Seed-funded startup, four people, no in-house engineers",
    quote: "I have eighteen months of runway. I need a product in users' hands, not a slide deck.",
    goals: [
      "Launch a first version that real customers will pay for",
      "Spend the seed round on learning, not on rework",
      "Own a codebase the first in-house hire can pick up",
    ],
    frustrations: [
      "Freelancers who disappeared mid-project and left undocumented code",
      "Estimates that doubled with no warning",
      "Technical jargon that hides what is actually being built",
    ],
    stories: [
      "As a founder, I want a fixed-price discovery with a clear scope and estimate, so that I know what my first release will cost before I commit the budget.",
      "As a founder, I want to see working software every week, so that I can show investors and early customers real progress.",
      "As a founder, I want the code, infrastructure and documentation in accounts I own, so that I am never locked in to one supplier.",
    ],
    services: ["web-platforms", "mobile-apps", "ui-ux-design"],
  },
  {
    id: "scale-up-product-lead",
    name: "Jonas",
    role: "Head of Product",
    organisation: "Series B scale-up, 120 people, product growing faster than hiring",
    quote: "The roadmap is clear. What I'm short of is senior people who can start on Monday.",
    goals: [
      "Ship the roadmap without burning out the core team",
      "Add AI features that measurably help customers",
      "Keep quality and performance up while traffic grows",
    ],
    frustrations: [
      "Agencies that need months of onboarding before they are useful",
      "External teams that ignore internal conventions and review processes",
      "AI prototypes that impress in a demo and fall apart in production",
    ],
    stories: [
      "As a head of product, I want a dedicated team that works inside our repositories and rituals, so that their work is indistinguishable from our own team's.",
      "As a head of product, I want every AI feature measured against an evaluation set, so that I can decide to ship it on evidence rather than enthusiasm.",
      "As a head of product, I want a predictable monthly cost for added capacity, so that I can plan headcount and budget with finance.",
    ],
    services: ["web-platforms", "ai-ml"],
  },
  {
    id: "enterprise-it-director",
    name: "Priya",
    role: "Director of IT",
    organisation: "Manufacturing group, 4,000 employees across three countries",
    quote: "Anything we put live has to pass security review and still be running in ten years.",
    goals: [
      "Modernise legacy systems without disrupting operations",
      "Meet security, compliance and audit requirements from day one",
      "Leave internal teams able to run what is delivered",
    ],
    frustrations: [
      "Vendors who treat security questionnaires as an afterthought",
      "Big-bang rewrites that never reach production",
      "Knowledge that leaves with the supplier at the end of a contract",
    ],
    stories: [
      "As an IT director, I want an assessment of our current systems with a staged migration plan, so that we modernise without stopping the business.",
      "As an IT director, I want infrastructure as code, audit logs and documented access controls, so that the delivery passes our security review first time.",
      "As an IT director, I want runbooks and a structured handover, so that my team can operate the system after the engagement ends.",
      "As an IT director, I want VR training for hazardous procedures, so that new staff practise safely before they touch real equipment.",
    ],
    services: ["web-platforms", "vr-ar", "ai-ml"],
  },
  {
    id: "non-profit-director",
    name: "Daniel",
    role: "Executive Director",
    organisation: "National non-profit, 30 staff and 600 volunteers",
    quote: "Every pound we spend on software is a pound we don't spend on our mission.",
    goals: [
      "Reach and serve more people with the same small team",
      "Make volunteering and donating effortless on any phone",
      "Meet accessibility obligations for everyone we serve",
    ],
    frustrations: [
      "Tools bought cheaply that cost more in staff time than they save",
      "Websites that only one former volunteer knew how to update",
      "Proposals that assume a corporate budget",
    ],
    stories: [
      "As a non-profit director, I want an accessible website our staff can update themselves, so that we don't depend on outside help for every change.",
      "As a non-profit director, I want a simple volunteer sign-up and scheduling app, so that coordinators spend their time with people instead of spreadsheets.",
      "As a non-profit director, I want a phased plan that fits our grant cycle, so that each phase delivers value on its own.",
    ],
    services: ["ui-ux-design", "mobile-apps", "web-platforms"],
  },
  {
    id: "brand-experience-lead",
    name: "Sofia",
    role: "Head of Brand Experience",
    organisation: "Consumer furniture retailer selling online and in 40 stores",
    quote: "Customers should be able to see the sofa in their own living room before they buy it.",
    goals: [
      "Reduce returns caused by products that don't fit the space",
      "Give the brand one coherent look across web, app and stores",
      "Launch experiences that marketing can update without developers",
    ],
    frustrations: [
      "Eye-catching campaigns that are switched off after a month",
      "3D experiences that stutter on ordinary phones",
      "Design and engineering teams that blame each other for the result",
    ],
    stories: [
      "As a head of brand experience, I want an AR viewer that places products at true scale in the customer's room, so that fewer orders come back.",
      "As a head of brand experience, I want a design system shared by designers and developers, so that every channel looks and behaves the same.",
      "As a head of brand experience, I want analytics on how customers use the AR viewer, so that I can prove its effect on conversion and returns.",
    ],
    services: ["vr-ar", "ui-ux-design"],
  },
];
