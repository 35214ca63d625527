/** Every block type's name (blocks.ts has one schema for each; typecheck holds them equal). */
export type BlockTypeName =
  | "hero"
  | "richText"
  | "featureGrid"
  | "processSteps"
  | "sections"
  | "figures"
  | "faqList"
  | "pricingTiers"
  | "testimonials"
  | "contentList"
  | "logoStrip"
  | "imageText"
  | "ctaBand"
  | "contactForm"
  | "newsletter"
  | "personas";

/**
 * Each block type's name in the editor and in messages, what its list items are called, and
 * which blocks answer a visitor (forms, hydrated on the site). Apart from the schemas so the
 * site's pages read it without loading Zod in the browser.
 */
export const blockTypes: Record<
  BlockTypeName,
  { label: string; items?: Record<string, string>; interactive?: boolean }
> = {
  hero: { label: "Hero", items: { ctas: "call to action", points: "point" } },
  richText: { label: "Rich text" },
  featureGrid: { label: "Feature grid", items: { items: "item" } },
  processSteps: { label: "Process steps", items: { steps: "step" } },
  sections: { label: "Numbered sections", items: { items: "section", points: "point" } },
  figures: { label: "Figures", items: { items: "figure" } },
  faqList: { label: "FAQ list", items: { items: "question" } },
  pricingTiers: {
    label: "Pricing tiers",
    items: { tiers: "tier", suits: "point", includes: "point" },
  },
  testimonials: { label: "Testimonials", items: { ids: "testimonial" } },
  contentList: { label: "Case studies and insights", items: { ids: "item" } },
  logoStrip: { label: "Logo strip", items: { items: "logo" } },
  imageText: { label: "Image with text" },
  ctaBand: { label: "Call-to-action band" },
  contactForm: { label: "Contact form", interactive: true },
  newsletter: { label: "Newsletter sign-up", interactive: true },
  personas: {
    label: "Personas",
    items: { items: "persona", goals: "goal", frustrations: "frustration", stories: "story" },
  },
};
