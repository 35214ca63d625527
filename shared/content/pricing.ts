/** The three engagement models shown on the Pricing page. */

export type PricingModel = {
  id: "fixed-price" | "time-and-materials" | "dedicated-team";
  name: string;
  tagline: string;
  summary: string;
  /** The situations this model suits best. */
  suits: string[];
  /** How invoicing works, in one or two sentences. */
  billing: string;
  /** What the client gets in every engagement of this kind. */
  includes: string[];
};

export const pricingModels: PricingModel[] = [
  {
    id: "fixed-price",
    name: "Fixed Price",
    tagline: "A defined scope for an agreed price",
    summary:
      "We agree the outcome, the scope and the price up front, and we carry the risk of our estimate. Best when the problem is well understood and the finish line can be written down.",
    suits: [
      "Discovery phases, audits and technical assessments",
      "Prototypes and proofs of concept with a clear question to answer",
      "Well-specified releases, such as a marketing site or an integration",
    ],
    billing:
      "Invoiced in milestones tied to delivered, accepted work, typically 30% at kick-off and the rest across two or three milestones. Scope changes are priced as a written change request before any work starts.",
    includes: [
      "A written scope with acceptance criteria",
      "A fixed timeline with named milestones",
      "A warranty period for defects after acceptance",
    ],
  },
  {
    id: "time-and-materials",
    name: "Time and Materials",
    tagline: "Flexible capacity for evolving products",
    summary:
      "You pay for the time the team actually spends, at agreed rates, and keep full freedom to change priorities every week. Best when learning from users will reshape the plan.",
    suits: [
      "New products still finding their fit",
      "Ongoing feature work where priorities shift often",
      "Taking over and stabilising an in-progress project",
    ],
    billing:
      "Invoiced monthly against detailed timesheets at the rates in the proposal. A monthly budget cap is agreed up front and we warn you well before it is reached, never after.",
    includes: [
      "Weekly planning and a demo of working software",
      "Transparent timesheets linked to tasks",
      "A budget cap you control",
    ],
  },
  {
    id: "dedicated-team",
    name: "Dedicated Team Retainer",
    tagline: "Your own senior team, month after month",
    summary:
      "A stable, cross-functional team works on your product as its own, with a predictable monthly fee. Best for long-running development where continuity and deep domain knowledge pay off.",
    suits: [
      "Scale-ups growing a product faster than they can hire",
      "Enterprises that need a long-term delivery partner",
      "Products with a steady roadmap over six months or more",
    ],
    billing:
      "A fixed monthly fee for the agreed team composition, invoiced at the start of each month. Team size can change with a month's notice; the minimum commitment is three months.",
    includes: [
      "A named technical lead and a consistent team",
      "Quarterly roadmap and architecture reviews",
      "Priority support and on-call options",
    ],
  },
];
