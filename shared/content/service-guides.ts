/** The guide behind each service (/services/{slug}); only the guide and services pages load it. */
import type { ServiceId } from "./services";

export type ServiceGuide = {
  /** Each of what, why and how is a list of paragraphs. */
  what: string[];
  why: string[];
  how: string[];
  deliverables: string[];
};

export const serviceGuides: Record<ServiceId, ServiceGuide> = {
  "web-platforms": {
    what: [
      "We design and build the web platforms a business runs on: self-service portals, multi-tenant SaaS products, marketplaces, internal tools and the APIs behind them. Server-rendered where search engines and first impressions matter, interactive where your users work all day.",
      "A platform is more than its screens. We take responsibility for the data model, authentication and permissions, background jobs, observability, and the deployment pipeline, so the thing we hand over is a running system rather than a folder of code.",
    ],
    why: [
      "Most web projects do not fail on launch day. They fail eighteen months later, when every new feature takes three times as long because nobody can safely change the core. We build so that the second year is cheaper than the first: typed end to end, covered by tests that describe behaviour, and split along the lines your business actually changes.",
      "Scale is a budget question as much as a technical one. We size infrastructure for the load you have, with a written plan for the load you expect, instead of paying for a cluster you will not need for two years.",
    ],
    how: [
      "We start with the domain, not the framework: a short discovery that names the entities, the workflows and the numbers (users, requests, records, response-time targets). That becomes an architecture note you can read in ten minutes and a backlog ordered by risk.",
      "Delivery runs in one-week increments with a working build on a staging URL from the first week. Every change goes through code review, automated tests and a preview environment; performance and accessibility budgets are checked in CI, not at the end.",
      "Before launch we load-test against your targets, rehearse a rollback, and set up the dashboards and alerts your team will rely on. After launch we stay on for a stabilisation period and hand over with runbooks, not just a README.",
    ],
    deliverables: [
      "Architecture note and data model, reviewed with your team",
      "Production web application and API with typed contracts",
      "Automated test suite and a CI/CD pipeline with preview environments",
      "Infrastructure as code for staging and production",
      "Load-test report against agreed performance targets",
      "Monitoring dashboards, alerts and operational runbooks",
    ],
  },
  "ai-ml": {
    what: [
      "We put machine learning to work inside products people already use: document understanding, search and question answering over your own knowledge, classification and routing, forecasting, and assistants that take actions through your existing APIs.",
      "That includes the unglamorous half of the work: data pipelines, evaluation sets, prompt and model versioning, guardrails, monitoring of quality and cost in production, and the fallbacks for when a model is unsure.",
    ],
    why: [
      "A demo that works on ten hand-picked examples is easy. A feature that stays correct on the ten-thousandth real input, at a cost per request you can defend, is engineering. We treat models as components with measurable error rates, not magic, and we say early when a rule or a plain search index would do the job better.",
      "Done well, the payoff is concrete: hours of manual triage removed from a team's week, answers found in seconds instead of tickets, and decisions backed by numbers rather than hunches.",
    ],
    how: [
      "Every AI engagement starts with an evaluation set: a few hundred real examples with the answers your experts would give. It is the yardstick for every prompt, model and retrieval change, and it tells you honestly whether the feature is ready.",
      "We prototype quickly against that yardstick, compare hosted and open models on quality, latency and cost, and choose the simplest approach that clears the bar. Then we build it into your product with the same discipline as any other feature: tests, review, staged rollout.",
      "In production we log inputs and outcomes (respecting your data rules), track drift and spend, and keep a review queue for low-confidence cases so people stay in control of decisions that matter.",
    ],
    deliverables: [
      "Use-case assessment with a clear go or no-go recommendation",
      "Evaluation dataset and automated scoring harness",
      "Production model or LLM integration behind a stable API",
      "Data and retrieval pipelines with access controls",
      "Quality, latency and cost monitoring with alerting",
      "Model card documenting limits, risks and fallback behaviour",
    ],
  },
  "mobile-apps": {
    what: [
      "We build consumer and field apps for iOS and Android, from first release to the tenth. Depending on the product that means a shared cross-platform codebase or native code where the hardware demands it: camera, Bluetooth, background location, payments.",
      "Around the app we build what it needs to live well: the backend and push notifications, offline storage and sync, analytics, feature flags, and an automated release pipeline to the App Store and Google Play.",
    ],
    why: [
      "People judge an app in the first thirty seconds and uninstall without writing a review. Startup time, scrolling that does not stutter, and screens that still work in a lift with no signal decide retention more than any feature list.",
      "Mobile also has a slower feedback loop than the web: every release passes store review and lives on devices you cannot update at will. Getting versioning, backwards-compatible APIs and staged rollouts right from the start saves painful forced upgrades later.",
    ],
    how: [
      "We prototype the core journeys on real devices in the first two weeks, because a flow that feels fine in a design tool often feels wrong in the hand. Those sessions settle the cross-platform or native question with evidence rather than preference.",
      "Builds go to internal testers from week one and to a beta group well before launch. Releases are automated, signed and staged by percentage, with crash reporting and performance traces watched for every version.",
      "We design the API for old app versions that stay installed for months, and we leave your team with a release checklist and a pipeline that makes shipping a Tuesday-afternoon task.",
    ],
    deliverables: [
      "Interactive prototype tested on physical devices",
      "iOS and Android apps published to the stores",
      "Offline storage and sync strategy, implemented and tested",
      "Backend services and push notification setup",
      "Automated build, signing and staged-release pipeline",
      "Crash, performance and product analytics dashboards",
    ],
  },
  "ui-ux-design": {
    what: [
      "We design the way a product looks, reads and behaves: user research, information architecture, interaction design, visual design and the brand identity that ties it together, from logo and typography to motion and tone of voice.",
      "Everything lands in a design system: tokens, components and usage rules in Figma, mirrored one to one by a coded component library, so what was designed is what gets shipped.",
    ],
    why: [
      "Good design is the cheapest conversion and support tool a business has. Every confusing form field becomes a support ticket and every inconsistent screen erodes trust. Clear interfaces let people finish what they came to do, and a coherent brand makes a young company look like one worth betting on.",
      "Because our designers sit next to our engineers, designs are shaped by what the platform does well, accessibility is designed in rather than audited in, and nothing is lost in a hand-off.",
    ],
    how: [
      "We begin by listening: interviews with customers and staff, a review of analytics and support tickets, and a look at how competitors solve the same jobs. The findings become a short list of problems worth solving, agreed with you before any pixels move.",
      "We explore in low fidelity first, test with real users early, and only then polish. Brand work runs in parallel with a few clearly different directions, narrowed down together rather than revealed at the end.",
      "Finished designs ship as a documented system with accessible colour contrast, responsive layouts and specified states for loading, empty and error. We support the build through to release and check the result against the designs.",
    ],
    deliverables: [
      "Research summary with prioritised user problems",
      "User flows, wireframes and tested prototypes",
      "Brand identity: logo, colour, typography, imagery and voice",
      "Design system in Figma with tokens and components",
      "Coded component library matching the design system",
      "Accessibility review against WCAG 2.2 AA",
    ],
  },
  "vr-ar": {
    what: [
      "We build virtual and augmented reality experiences with a clear business job: training simulations that are safer and cheaper than the real thing, product configurators customers can place in their own room, and spatial walkthroughs of spaces that do not exist yet.",
      "We target standalone headsets, phones and tablets, and the browser through WebXR, and we connect the experience to the systems around it: content management, learning platforms, analytics and e-commerce.",
    ],
    why: [
      "Immersive work earns its keep when it changes a measurable outcome: fewer errors on the shop floor, shorter training time, fewer returns because the sofa really did fit. We start from that outcome, so the experience is judged by results rather than novelty.",
      "It is also unforgiving engineering. A dropped frame in a headset causes discomfort, not just annoyance. Performance budgets, comfort guidelines and testing on the actual devices are part of the job from day one.",
    ],
    how: [
      "We define the outcome and the device first, then build a grey-box prototype in the headset or on the phone within the first weeks, so you can stand inside the idea before investing in final art.",
      "Production runs in short increments with frame-rate and load-time budgets checked on every build. 3D assets are optimised for the target hardware, and interactions are tested with people who have never worn a headset.",
      "We ship through the right channel for your audience (app stores, enterprise device management or a web link) and instrument the experience so you can see completion rates and where people get stuck.",
    ],
    deliverables: [
      "Outcome definition and device recommendation",
      "Playable grey-box prototype on target hardware",
      "Production VR/AR application or WebXR experience",
      "Optimised 3D asset pipeline and content update workflow",
      "Comfort and performance test report",
      "Usage analytics and deployment to your chosen channel",
    ],
  },
};
