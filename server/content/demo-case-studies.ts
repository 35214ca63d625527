import type { caseStudies } from "#server/db/schema/content.ts";

type NewCaseStudy = Omit<typeof caseStudies.$inferInsert, "relatedIds"> & { related: string[] };

/** Our own demo case studies (fictional clients), published at seed time. */
export const demoCaseStudies: NewCaseStudy[] = [
  {
    slug: "freight-visibility-platform",
    title: "Real-time freight visibility for a regional carrier",
    client: "Northline Freight",
    industry: "Logistics",
    services: ["web-platforms", "ui-ux-design"],
    summary:
      "A shipper portal and dispatch console that replaced phone calls and spreadsheets with live tracking, cutting status enquiries by two thirds.",
    challenge:
      "Northline moved 4,000 loads a week with dispatchers answering **“where is my truck?”** calls all day. Tracking data lived in three telematics vendors, a legacy TMS and a shared spreadsheet.\n\n- No single view of a shipment\n- Customers phoning for every status change\n- Nightly exports that were stale by breakfast",
    solution:
      "We built a typed event pipeline that normalises the three telematics feeds into one shipment timeline, and a server-rendered shipper portal on top of it.\n\n1. Ingest: vendor webhooks land in a queue, are validated and deduplicated.\n2. Model: one `Shipment` aggregate with milestones and ETA predictions.\n3. Portal: shippers see every load, share tracking links and get alerts for delays.\n\nThe dispatch console uses the same API, so both sides see the same truth.",
    results:
      "Within three months of launch shippers self-served most status checks. Dispatchers now spend their time on exceptions instead of repeating ETAs, and the portal became a selling point in renewals.",
    metrics: [
      { label: "Fewer status calls", value: "-68%" },
      { label: "Events processed daily", value: "1.2M" },
      { label: "Portal p95 response", value: "180 ms" },
    ],
    coverImage: "/media/case-studies/freight-visibility-platform.webp",
    coverAlt:
      "Abstract blue and purple rings over a dark background, titled Freight visibility platform",
    gallery: [
      {
        src: "/media/case-studies/freight-visibility-platform-portal.webp",
        alt: "Illustration titled Shipper portal: every load on one map",
      },
      {
        src: "/media/case-studies/freight-visibility-platform-console.webp",
        alt: "Illustration titled Dispatch console: exceptions first",
      },
    ],
    related: ["grocery-mobile-app", "campus-learning-portal"],
  },
  {
    slug: "clinic-triage-assistant",
    title: "An AI triage assistant that clinicians actually trust",
    client: "Harbourside Health",
    industry: "Healthcare",
    services: ["ai-ml", "web-platforms"],
    summary:
      "Language-model triage of inbound patient messages with a clinician in the loop, routing urgent cases in minutes instead of hours.",
    challenge:
      "Harbourside's nurses read every patient message in arrival order. Urgent requests could wait behind prescription refills for half a day, and the team was burning out.",
    solution:
      "We started with an evaluation set of 1,500 anonymised messages labelled by senior nurses, then compared three models and a rules baseline against it.\n\nThe chosen approach classifies urgency and topic, drafts a suggested reply, and **never acts alone**: every message still reaches a person, just in a smarter order. Low-confidence cases go to a review queue, and every decision is logged for audit.",
    results:
      "Urgent messages now reach a clinician in minutes. Nurses accept most suggested categories unchanged, and the evaluation harness runs on every prompt change so quality can only be traded deliberately.",
    metrics: [
      { label: "Median time to urgent triage", value: "7 min" },
      { label: "Agreement with nurses", value: "94%" },
      { label: "Cost per message", value: "$0.004" },
    ],
    coverImage: "/media/case-studies/clinic-triage-assistant.webp",
    coverAlt:
      "Abstract orange and purple rings over a dark background, titled Clinic triage assistant",
    related: ["freight-visibility-platform"],
  },
  {
    slug: "grocery-mobile-app",
    title: "A grocery app that works in the basement car park",
    client: "FreshCart Markets",
    industry: "Retail",
    services: ["mobile-apps", "ui-ux-design"],
    summary:
      "An offline-first iOS and Android shopping app with click-and-collect, built in 14 weeks and rated 4.8 in both stores.",
    challenge:
      "FreshCart's old app was a wrapped website. It lost baskets whenever the signal dropped, which in their stores' basement car parks was most of the time.",
    solution:
      "A cross-platform app with a local database as the source of truth for the basket, synchronised with the backend whenever a connection appears. We prototyped the checkout on real phones in week two and tested it in an actual car park.\n\nReleases ship weekly through an automated, staged pipeline with crash reporting on every version.",
    results:
      "Basket abandonment fell sharply and app orders overtook web orders in the first quarter after launch.",
    metrics: [
      { label: "Store rating", value: "4.8" },
      { label: "Basket abandonment", value: "-41%" },
      { label: "Crash-free sessions", value: "99.9%" },
    ],
    coverImage: "/media/case-studies/grocery-mobile-app.webp",
    coverAlt: "Abstract blue and teal rings over a dark background, titled Grocery ordering app",
    gallery: [
      {
        src: "/media/case-studies/grocery-mobile-app-basket.webp",
        alt: "Illustration titled Offline basket with click-and-collect",
      },
      {
        src: "/media/case-studies/grocery-mobile-app-release.webp",
        alt: "Illustration titled Weekly staged releases",
      },
    ],
    related: ["bank-design-system"],
  },
  {
    slug: "bank-design-system",
    title: "One design system for a bank's twelve products",
    client: "Meridian Mutual",
    industry: "Financial Services",
    services: ["ui-ux-design", "web-platforms"],
    summary:
      "A rebrand and accessible design system shared by twelve web and mobile products, with a coded component library that mirrors Figma one to one.",
    challenge:
      "Twelve teams had built twelve slightly different buttons. Accessibility audits failed on colour contrast and keyboard use, and every rebrand request meant months of manual changes.",
    solution:
      "We ran customer interviews and a UI inventory, then built a token-based system: colour, type, spacing and motion as named tokens feeding both Figma and the component library.\n\nEvery component ships with documented states, keyboard behaviour and contrast checks in CI.",
    results:
      "New screens are assembled from tested parts, audits pass, and the next brand refresh is a token change rather than a project.",
    metrics: [
      { label: "Products on the system", value: "12" },
      { label: "WCAG 2.2 AA issues", value: "0" },
      { label: "Faster UI delivery", value: "2.5x" },
    ],
    coverImage: "/media/case-studies/bank-design-system.webp",
    coverAlt: "Abstract purple and pink rings over a dark background, titled Banking design system",
    related: ["grocery-mobile-app"],
  },
  {
    slug: "factory-vr-training",
    title: "VR safety training for a packaging plant",
    client: "Kestrel Packaging",
    industry: "Manufacturing",
    services: ["vr-ar"],
    summary:
      "A standalone-headset simulation of lock-out procedures that halved training time and removed the need to stop a production line for practice.",
    challenge:
      "Lock-out/tag-out training required stopping a real line. It happened rarely, was expensive, and new starters practised the procedure once before doing it for real.",
    solution:
      "A grey-box prototype in the headset within three weeks let safety officers walk the procedure and correct it. Final production targeted a stable 72 fps on standalone headsets with optimised assets and comfort-first locomotion.",
    results:
      "Every new starter now practises the procedure as often as they like, and the plant records completion and error rates per step.",
    metrics: [
      { label: "Training time", value: "-52%" },
      { label: "Line stops for training", value: "0" },
      { label: "Frame rate on device", value: "72 fps" },
    ],
    coverImage: "/media/case-studies/factory-vr-training.webp",
    coverAlt: "Abstract orange and yellow rings over a dark background, titled Factory VR training",
    related: ["clinic-triage-assistant"],
  },
  {
    slug: "campus-learning-portal",
    title: "A learning portal that survives enrolment day",
    client: "Westbrook College",
    industry: "Education",
    services: ["web-platforms", "ai-ml"],
    summary:
      "A course portal rebuilt to handle enrolment-day peaks of 40x normal traffic, with semantic search over ten years of course material.",
    challenge:
      "Every September the old portal fell over under enrolment traffic, and students could not find material across a decade of inconsistent course pages.",
    solution:
      "We load-tested the target peak before writing features, rebuilt the portal server-rendered with aggressive caching, and added retrieval-based search over course material with an evaluation set written by librarians.",
    results:
      "Enrolment day passed without an incident, and search now finds the right course page in the top three results for most real queries.",
    metrics: [
      { label: "Peak requests per second", value: "3,400" },
      { label: "Errors on enrolment day", value: "0" },
      { label: "Search top-3 accuracy", value: "91%" },
    ],
    coverImage: "/media/case-studies/campus-learning-portal.webp",
    coverAlt: "Abstract teal and blue rings over a dark background, titled Campus learning portal",
    related: ["freight-visibility-platform", "clinic-triage-assistant"],
  },
];
