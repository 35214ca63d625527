import type { insights } from "#server/db/schema/content.ts";

type NewInsight = Omit<typeof insights.$inferInsert, "relatedIds"> & { daysAgo: number };

/** Our own demo articles, with real Markdown bodies. */
export const demoInsights: NewInsight[] = [
  {
    slug: "evaluation-sets-before-prompts",
    title: "Write the evaluation set before the first prompt",
    excerpt:
      "Why every AI feature we build starts with a few hundred labelled examples, and how that turns prompt tweaking into engineering.",
    author: "Priya Shah",
    tags: ["ai", "engineering", "quality"],
    daysAgo: 3,
    body: `Every AI project has a moment where someone says *"it seems better now"*. Without an evaluation set, that sentence is all you have.

## What an evaluation set is

A few hundred real inputs, each with the answer an expert would give. Not synthetic examples, not the ten cases from the demo: real messages, documents or queries, including the awkward ones.

## Why it comes first

- It forces the team to **agree on what "correct" means** before arguing about models.
- It makes every change measurable: a new prompt, model or retrieval tweak either moves the score or it does not.
- It tells you honestly when a feature is *not* ready, which is worth more than any demo.

## How we build one

1. Pull a representative sample from production data (with the client's data rules applied).
2. Have two domain experts label it independently.
3. Review the disagreements together: they are usually the interesting cases.
4. Freeze it, version it, and run it in CI on every change.

> A model is a component with an error rate. The evaluation set is how you find out what that rate is.

It takes a few days. It saves months.`,
  },
  {
    slug: "boring-architecture",
    title: "Boring architecture is a feature",
    excerpt:
      "A monolith, one database and a job queue carry most products further than anyone expects. Here is how we decide when to reach for more.",
    author: "Marcus Okafor",
    tags: ["architecture", "engineering"],
    daysAgo: 8,
    body: `Most of the platforms we build start as one deployable application, one PostgreSQL database and a job queue in a table. Clients are sometimes surprised. They should not be.

## The cost of moving parts

Every extra service adds a deployment, a failure mode, a dashboard and a person who needs to understand it. Those costs are paid **every day**, while the benefits of a distributed design only arrive at a scale most products never reach.

## When we do split

We split a component out when one of these is true:

- It has a genuinely different scaling profile (video transcoding, heavy ML inference).
- A separate team needs to deploy it on its own schedule.
- It has a different security boundary.

## What "boring" still demands

Boring is not careless. A monolith still needs clear module boundaries, typed contracts between them, and tests that describe behaviour. Done well, it is the easiest possible thing to split later.

\`\`\`ts
// One module, one public surface.
export async function createInvoice(options: CreateInvoiceOptions) { /* ... */ }
\`\`\``,
  },
  {
    slug: "offline-first-mobile",
    title: "Offline-first is a product decision, not a library",
    excerpt:
      "Lifts, basements and rural roads: designing mobile apps for the signal people actually have.",
    author: "Lena Duarte",
    tags: ["mobile", "ux"],
    daysAgo: 14,
    body: `An app that only works with a perfect connection works for the people who test it in the office. Everyone else gets spinners.

## Decide what must work offline

Not everything needs to. For a grocery app, building a basket must work anywhere; paying can wait for a connection. Write that list down with the product owner before choosing any technology.

## Make the device the source of truth

For the offline parts, the local database is the truth and the server catches up. That means:

- Every change gets an id on the device.
- Sync is idempotent: sending the same change twice is harmless.
- Conflicts have a documented rule, not an accident.

## Test it where it hurts

We test in lifts and car parks, and we use network throttling in every automated run. The bugs you find there are the ones your users would have found first.`,
  },
  {
    slug: "design-tokens-that-last",
    title: "Design tokens that survive the next rebrand",
    excerpt:
      "Naming tokens for their purpose instead of their colour is the difference between a one-day rebrand and a six-month one.",
    author: "Jonas Keller",
    tags: ["design", "ux", "engineering"],
    daysAgo: 21,
    body: `A token called \`blue-500\` will outlive the day your brand stops being blue. A token called \`action-primary\` will not care.

## Two layers

1. **Primitive tokens**: the palette, the type scale, the spacing steps.
2. **Semantic tokens**: what each one is *for*: surface, text-muted, action-primary, danger.

Components only ever use semantic tokens. A rebrand changes the mapping, not the components.

## Contrast is part of the token

Each text/background pair is checked for contrast in CI. If a rebrand breaks WCAG AA, the build tells you before a customer does.

## Keep Figma and code in lockstep

Tokens are exported from one source into both the design tool and the component library. When they drift, the pipeline fails.`,
  },
  {
    slug: "webxr-performance-budgets",
    title: "Performance budgets for WebXR",
    excerpt:
      "In a headset a dropped frame is not an annoyance, it is nausea. How we set and enforce budgets from the first prototype.",
    author: "Riya Anand",
    tags: ["vr-ar", "performance"],
    daysAgo: 30,
    body: `On a laptop, a page that stutters is irritating. In a headset, it makes people feel ill. Performance is a comfort requirement.

## The budget

For standalone headsets we budget per frame:

| Item | Budget |
| --- | --- |
| Draw calls | 100 |
| Triangles | 300k |
| Frame time | 13.8 ms |

## Enforce it on every build

Budgets only work when they are checked automatically. Our pipeline loads each scene on a device, records frame timings and fails the build when the 95th percentile goes over.

## Design with the budget

Artists get the numbers on day one. It is far cheaper to model a low-poly machine than to optimise a film-quality one later.`,
  },
  {
    slug: "fixed-price-without-tears",
    title: "Fixed price without tears",
    excerpt:
      "Fixed-price projects fail when scope is vague. How a paid discovery phase makes a fixed price fair for both sides.",
    author: "Marcus Okafor",
    tags: ["process", "pricing"],
    daysAgo: 45,
    body: `Clients like fixed prices because they are predictable. Agencies fear them because scope moves. Both are right.

## Discovery first

A short, paid discovery turns a wish list into a scoped backlog, an architecture note and a list of known unknowns. Only then do we quote a fixed price, and we say exactly what it covers.

## Change is normal

Scope will change. The contract says how: a new item is estimated, and the client chooses to add it, swap it for something of equal size, or leave it for later.

## When fixed price is wrong

If the product is still searching for its market, time and materials or a dedicated team is usually the better fit. We say so.`,
  },
  {
    slug: "taking-over-a-codebase",
    title: "Taking over a codebase someone else started",
    excerpt:
      "Our first two weeks on an in-progress project: what we read, what we measure, and what we refuse to rewrite.",
    author: "Lena Duarte",
    tags: ["process", "engineering"],
    daysAgo: 60,
    body: `We are often asked to rescue a project another team started. The temptation to rewrite is strong. It is almost always wrong.

## Week one: read and run

- Get it building and deploying from a clean machine.
- Read the data model before the UI.
- List what is tested and what is not.

## Week two: measure

Error rates, slow queries, dependency age, and the parts of the code that change most often. That last one tells you where the risk lives.

## Then decide

We write a short report: what to keep, what to fix first, and what to leave alone. Rewrites happen module by module, behind tests, never as a big bang.`,
  },
  {
    slug: "accessibility-is-engineering",
    title: "Accessibility is an engineering discipline",
    excerpt:
      "Labels, focus order and contrast are not a final audit item. How we build them in from the first component.",
    author: "Jonas Keller",
    tags: ["ux", "quality", "design"],
    daysAgo: 75,
    body: `An accessibility audit at the end of a project finds hundreds of issues and a budget that is already spent. Building it in costs a fraction.

## What we check on every change

- Every form control has a visible label.
- Everything works with a keyboard, in a sensible order.
- Colour contrast meets WCAG AA.
- Automated checks run in CI with axe-core on every page.

## What automation cannot do

Tools catch perhaps a third of real problems. We also test with a screen reader on the key journeys, and with real users where we can.

Accessible products are better products for everyone: clearer forms, fewer support tickets, better search rankings.`,
  },
];
