import { z } from "#shared/zod.ts";
import { type BlockTypeName, blockTypes } from "./block-types";

/**
 * The blocks a public page is built from (server/pages, /admin/pages). One Zod schema per
 * block type, shared by the editor (field errors as one types) and the server (which refuses
 * a page with any bad block). Every text refuses raw HTML; links are site paths ("/contact")
 * or https:// addresses; images come from the media library (/uploads/...).
 */

/** At most this many blocks on a page. */
export const MAX_BLOCKS = 100;
/** At most this many bytes of block data (UTF-8 JSON) on a page. */
export const MAX_BLOCK_BYTES = 256 * 1024;
/** At most this many characters of Markdown in one block's text. */
export const MAX_BLOCK_MARKDOWN = 20_000;

const HTML_TAG = /<\/?[a-z!?][^>]*>/i;

/** A required text field; `name` is how messages speak of it ("title", "answer"). */
function text(name: string, options: { max?: number; article?: string } = {}) {
  const { max = 300, article = "a" } = options;
  return z
    .string({ error: `needs ${article} ${name}` })
    .trim()
    .min(1, `needs ${article} ${name}`)
    .max(max, `${name} is longer than ${max} characters`)
    .refine((value) => !HTML_TAG.test(value), `${name} may not contain HTML`);
}

/** A text field that may stay empty. */
function optionalText(name: string, options: { max?: number } = {}) {
  const { max = 300 } = options;
  return z
    .string()
    .trim()
    .max(max, `${name} is longer than ${max} characters`)
    .refine((value) => !HTML_TAG.test(value), `${name} may not contain HTML`)
    .optional();
}

/** Markdown: rendered and sanitised on the server as insights are; raw HTML is refused. */
function markdown(name: string, max = MAX_BLOCK_MARKDOWN) {
  return text(name, { max });
}

const isSitePath = (value: string) => /^\/(?!\/)[^\s]*$/.test(value);
const isHttps = (value: string) => {
  if (!value.startsWith("https://")) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};

/** A link: a path on this site or an https:// address (mailto: for an address to write to). */
export function isAllowedHref(value: string) {
  return isSitePath(value) || isHttps(value) || /^mailto:[^\s@]+@[^\s@]+$/.test(value);
}

function href(name = "link") {
  return z
    .string({ error: `needs a ${name}` })
    .trim()
    .min(1, `needs a ${name}`)
    .max(2048, `${name} is too long`)
    .refine(isAllowedHref, `${name} must be a site path (/contact) or an https:// address`);
}

/** An image from the media library. */
function mediaSrc(name = "image") {
  return z
    .string({ error: `needs an ${name}` })
    .trim()
    .min(1, `needs an ${name}`)
    .refine((value) => value.startsWith("/uploads/"), `${name} must come from the media library`);
}

const iconName = z
  .string()
  .trim()
  .max(40, "icon name is too long")
  .regex(/^[a-z0-9-]*$/, "icon must be one of the site's icons")
  .optional()
  .default("");

const ctaSchema = z.object({
  label: text("label", { max: 60 }),
  href: href(),
});
export type Cta = z.infer<typeof ctaSchema>;

/** The heading most blocks open with: an eyebrow, a title and a lead, each optional. */
const sectionHeading = {
  eyebrow: optionalText("eyebrow", { max: 80 }),
  heading: optionalText("heading", { max: 200 }),
  lead: optionalText("lead", { max: 600 }),
  /** The heading read by screen readers only (a grid that speaks for itself). */
  isHeadingHidden: z.boolean().optional(),
  /** Space around the section: roomy (the default), compact, or joined to the block above. */
  spacing: z.enum(["roomy", "compact", "joined"]).optional(),
};

const uuid = z.uuid("must be picked from the list");

export const heroBlock = z.object({
  type: z.literal("hero"),
  /**
   * "home": the large hero with the horizon art; "page": an inner page's hero; "guide": a
   * service guide's, under the breadcrumbs, with its icon.
   */
  variant: z.enum(["home", "page", "guide"]).default("page"),
  icon: iconName,
  eyebrow: optionalText("eyebrow", { max: 80 }),
  title: text("title", { max: 200 }),
  /** The title's last words drawn in the brand gradient (home). */
  highlight: optionalText("highlight", { max: 100 }),
  lead: optionalText("lead", { max: 800 }),
  ctas: z.array(ctaSchema).max(2, "has at most two calls to action").default([]),
  /** Short points under the calls to action (home). */
  points: z
    .array(text("point", { max: 80 }))
    .max(6, "has at most six points")
    .default([]),
});

export const richTextBlock = z.object({
  type: z.literal("richText"),
  ...sectionHeading,
  markdown: markdown("text"),
});

const featureItem = z.object({
  icon: iconName,
  title: text("title", { max: 120 }),
  body: optionalText("text", { max: 1000 }),
  href: href().optional(),
  /** The words of the item's link ("Read the guide"); "Read more" when empty. */
  linkLabel: optionalText("link label", { max: 80 }),
});

export const featureGridBlock = z.object({
  type: z.literal("featureGrid"),
  ...sectionHeading,
  /** "services": the five services as cards; "custom": the items below. */
  source: z.enum(["custom", "services"]).default("custom"),
  /**
   * "cards": icon cards; "numbered": numbered items; "list": items under a rule; "links": a
   * row of link tiles (each item's link).
   */
  style: z.enum(["cards", "numbered", "list", "links"]).default("cards"),
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
  items: z.array(featureItem).max(24, "has at most 24 items").default([]),
  /** A last card leading on ("Compare all services"). */
  more: ctaSchema.optional(),
});

export const processStepsBlock = z.object({
  type: z.literal("processSteps"),
  ...sectionHeading,
  steps: z
    .array(
      z.object({
        title: text("title", { max: 120 }),
        description: text("description", { max: 1000 }),
      }),
    )
    .min(1, "needs at least one step")
    .max(12, "has at most 12 steps"),
});

/** A guide's numbered sections with a table of contents beside them (a service guide). */
export const sectionsBlock = z.object({
  type: z.literal("sections"),
  items: z
    .array(
      z.object({
        /** The section's anchor: #{id}. */
        id: z
          .string()
          .trim()
          .max(80)
          .regex(/^[a-z0-9-]*$/, "anchor may hold only a-z, 0-9 and -")
          .optional()
          .default(""),
        heading: text("heading", { max: 200 }),
        markdown: optionalText("text", { max: 20_000 }),
        /** Checked cards under the text ("What you receive"). */
        points: z
          .array(text("point", { max: 300 }))
          .max(24)
          .default([]),
      }),
    )
    .min(1, "needs at least one section")
    .max(12, "has at most 12 sections"),
});

export const figuresBlock = z.object({
  type: z.literal("figures"),
  ...sectionHeading,
  items: z
    .array(z.object({ value: text("value", { max: 20 }), label: text("label", { max: 120 }) }))
    .min(1, "needs at least one figure")
    .max(8, "has at most 8 figures"),
});

export const faqListBlock = z.object({
  type: z.literal("faqList"),
  ...sectionHeading,
  items: z
    .array(
      z.object({
        /** The question's anchor: /faq#{id}. */
        id: z
          .string()
          .trim()
          .max(80)
          .regex(/^[a-z0-9-]*$/, "anchor may hold only a-z, 0-9 and -")
          .optional()
          .default(""),
        question: text("question", { max: 300 }),
        answer: text("answer", { max: 5000, article: "an" }),
      }),
    )
    .min(1, "needs at least one question")
    .max(100, "has at most 100 questions"),
});

export const pricingTiersBlock = z.object({
  type: z.literal("pricingTiers"),
  ...sectionHeading,
  tiers: z
    .array(
      z.object({
        name: text("name", { max: 80 }),
        tagline: optionalText("tagline", { max: 200 }),
        /** A price to show ("from €12,000"); empty for none. */
        price: optionalText("price", { max: 60 }),
        summary: optionalText("summary", { max: 1000 }),
        suits: z
          .array(text("point", { max: 300 }))
          .max(12)
          .default([]),
        billing: optionalText("billing", { max: 1000 }),
        includes: z
          .array(text("point", { max: 300 }))
          .max(12)
          .default([]),
        cta: ctaSchema.optional(),
      }),
    )
    .min(1, "needs at least one tier")
    .max(6, "has at most 6 tiers"),
});

export const testimonialsBlock = z.object({
  type: z.literal("testimonials"),
  heading: optionalText("heading", { max: 200 }),
  /** Testimonials picked by id, in this order; none picked: every visible one. */
  ids: z.array(uuid).max(24, "has at most 24 testimonials").default([]),
});

export const contentListBlock = z.object({
  type: z.literal("contentList"),
  ...sectionHeading,
  kind: z.enum(["case-studies", "insights"]),
  /** "latest": the newest `count`; "chosen": the ids, in order. */
  mode: z.enum(["latest", "chosen"]).default("latest"),
  count: z.number().int().min(1).max(12).default(3),
  ids: z.array(uuid).max(12, "has at most 12 items").default([]),
});

export const logoStripBlock = z.object({
  type: z.literal("logoStrip"),
  ...sectionHeading,
  items: z
    .array(
      z.object({
        name: text("name", { max: 80 }),
        icon: iconName,
        image: mediaSrc("image").optional(),
        href: href().optional(),
      }),
    )
    .min(1, "needs at least one logo")
    .max(40, "has at most 40 logos"),
});

export const imageTextBlock = z.object({
  type: z.literal("imageText"),
  ...sectionHeading,
  image: mediaSrc(),
  alt: optionalText("image description", { max: 300 }),
  markdown: markdown("text"),
  imageSide: z.enum(["left", "right"]).default("right"),
  cta: ctaSchema.optional(),
});

export const ctaBandBlock = z.object({
  type: z.literal("ctaBand"),
  /** "band": the wide closing band; "card": a card with one button, inside a page. */
  variant: z.enum(["band", "card"]).default("band"),
  title: text("title", { max: 200 }),
  body: optionalText("text", { max: 800 }),
  primary: ctaSchema.optional(),
  secondary: ctaSchema.optional(),
});

export const contactFormBlock = z.object({
  type: z.literal("contactForm"),
  ...sectionHeading,
});

export const newsletterBlock = z.object({
  type: z.literal("newsletter"),
  ...sectionHeading,
});

/** The persona cards of /personas: who the agency serves. */
export const personasBlock = z.object({
  type: z.literal("personas"),
  ...sectionHeading,
  items: z
    .array(
      z.object({
        id: z
          .string()
          .trim()
          .max(80)
          .regex(/^[a-z0-9-]*$/)
          .optional()
          .default(""),
        name: text("name", { max: 80 }),
        role: text("role", { max: 120 }),
        organisation: optionalText("organisation", { max: 200 }),
        quote: optionalText("quote", { max: 500 }),
        goals: z
          .array(text("goal", { max: 300 }))
          .max(10)
          .default([]),
        frustrations: z
          .array(text("frustration", { max: 300 }))
          .max(10)
          .default([]),
        stories: z
          .array(text("story", { max: 500 }))
          .max(10)
          .default([]),
        /** Service ids (shared/content/services.ts). */
        services: z.array(z.string().max(40)).max(5).default([]),
      }),
    )
    .min(1, "needs at least one persona")
    .max(20, "has at most 20 personas"),
});

export const pageBlockSchemas = [
  heroBlock,
  richTextBlock,
  featureGridBlock,
  processStepsBlock,
  sectionsBlock,
  figuresBlock,
  faqListBlock,
  pricingTiersBlock,
  testimonialsBlock,
  contentListBlock,
  logoStripBlock,
  imageTextBlock,
  ctaBandBlock,
  contactFormBlock,
  newsletterBlock,
  personasBlock,
] as const;

export const pageBlockSchema = z.discriminatedUnion("type", pageBlockSchemas);

export type PageBlock = z.infer<typeof pageBlockSchema>;
export type PageBlockInput = z.input<typeof pageBlockSchema>;
export type PageBlockType = PageBlock["type"];
/** The names in block-types.ts are exactly the schemas' types. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const blockTypeNamesMatch: Same<PageBlockType, BlockTypeName> = true;
void blockTypeNamesMatch;
export type BlockOf<Type extends PageBlockType> = Extract<PageBlock, { type: Type }>;

export { blockTypes };

export const pageBlockTypes = Object.keys(blockTypes) as PageBlockType[];

/** A new block of a type as the editor adds it: the fewest fields, to be filled in. */
export function emptyBlock(type: PageBlockType): PageBlockInput {
  switch (type) {
    case "hero":
      return { type, title: "" };
    case "richText":
      return { type, markdown: "" };
    case "featureGrid":
      return { type, items: [] };
    case "processSteps":
      return { type, steps: [{ title: "", description: "" }] };
    case "figures":
      return { type, items: [{ value: "", label: "" }] };
    case "sections":
      return { type, items: [{ heading: "" }] };
    case "faqList":
      return { type, items: [{ question: "", answer: "" }] };
    case "pricingTiers":
      return { type, tiers: [{ name: "" }] };
    case "testimonials":
      return { type };
    case "contentList":
      return { type, kind: "case-studies" };
    case "logoStrip":
      return { type, items: [{ name: "" }] };
    case "imageText":
      return { type, image: "", markdown: "" };
    case "ctaBand":
      return { type, title: "" };
    case "contactForm":
    case "newsletter":
      return { type };
    case "personas":
      return { type, items: [{ name: "", role: "" }] };
  }
}

/** "question 2 needs an answer" from an issue's path inside a block. */
function describeIssue(type: PageBlockType, path: PropertyKey[], message: string) {
  const nouns = blockTypes[type].items ?? {};
  const parts: string[] = [];
  for (let index = 0; index < path.length; index++) {
    const key = path[index];
    const next = path[index + 1];
    if (typeof key === "string" && typeof next === "number") {
      parts.push(`${nouns[key] ?? "item"} ${next + 1}`);
      index++;
    }
  }
  return parts.length ? `${parts.join(", ")} ${message}` : message;
}

export type BlockProblem = { index: number; message: string };

export type BlocksCheck =
  | { ok: true; blocks: PageBlock[] }
  | { ok: false; problems: BlockProblem[]; message: string };

/**
 * A page's blocks checked: each against its type's schema (a message naming the block, as
 * "Block 3 (FAQ list): question 2 needs an answer"), then the page's limits.
 */
export function checkPageBlocks(input: unknown): BlocksCheck {
  if (!Array.isArray(input)) {
    const message = "The page's blocks must be a list.";
    return { ok: false, problems: [{ index: -1, message }], message };
  }
  const problems: BlockProblem[] = [];
  if (input.length > MAX_BLOCKS)
    problems.push({
      index: -1,
      message: `A page has at most ${MAX_BLOCKS} blocks; this one has ${input.length}.`,
    });
  const bytes = new TextEncoder().encode(JSON.stringify(input)).length;
  if (bytes > MAX_BLOCK_BYTES)
    problems.push({
      index: -1,
      message: `A page holds at most ${MAX_BLOCK_BYTES / 1024} KB of blocks; this one has ${Math.ceil(bytes / 1024)} KB.`,
    });
  const blocks: PageBlock[] = [];
  input.forEach((raw, index) => {
    const type = (raw as { type?: unknown } | null)?.type;
    const known = typeof type === "string" && type in blockTypes;
    if (!known) {
      problems.push({ index, message: `Block ${index + 1}: unknown block type.` });
      return;
    }
    const blockType = type as PageBlockType;
    const parsed = pageBlockSchema.safeParse(raw);
    if (parsed.success) {
      blocks.push(parsed.data);
      return;
    }
    const label = blockTypes[blockType].label;
    for (const issue of parsed.error.issues)
      problems.push({
        index,
        message: `Block ${index + 1} (${label}): ${describeIssue(blockType, issue.path, issue.message)}.`,
      });
  });
  if (problems.length)
    return {
      ok: false,
      problems,
      message:
        problems.length === 1
          ? problems[0].message
          : `${problems[0].message} (and ${problems.length - 1} more)`,
    };
  return { ok: true, blocks };
}

/** Paths a page may live at: lower-case words and dashes, segments separated by /. */
export const PAGE_PATH = /^\/([a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*)?$/;

/** The editor's fields of a page (the blocks are checked by checkPageBlocks). */
export const pageFieldsSchema = z.object({
  path: z
    .string({ error: "Enter the page's address, e.g. /spring-audit." })
    .trim()
    .toLowerCase()
    .max(200, "Keep the address under 200 characters.")
    .regex(PAGE_PATH, "Use / and lower-case words with dashes, e.g. /spring-audit."),
  title: z
    .string({ error: "Give the page a title." })
    .trim()
    .min(1, "Give the page a title.")
    .max(200, "Keep the title under 200 characters.")
    .refine((value) => !HTML_TAG.test(value), "The title may not contain HTML."),
  seoTitle: z.string().trim().max(70, "Keep the search title under 70 characters.").nullish(),
  seoDescription: z
    .string()
    .trim()
    .max(200, "Keep the description under 200 characters.")
    .nullish(),
  socialImage: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || value.startsWith("/uploads/") || isHttps(value),
      "Pick the social image from the media library.",
    )
    .nullish(),
  isNoindex: z.boolean().default(false),
});

export type PageFields = z.infer<typeof pageFieldsSchema>;
export type PageFieldsInput = z.input<typeof pageFieldsSchema>;
