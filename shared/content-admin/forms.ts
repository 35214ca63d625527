import { z } from "#shared/zod.ts";

/** One Zod schema per editor form, used for instant feedback and on the server. */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugify(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
}

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `Keep the ${label} under ${max} characters.`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters.`)
    .optional()
    .transform((value) => value || null);

export const optionalImageUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === "" || /^(https:\/\/|\/)/.test(value), {
    message: "Enter an address starting with https:// or /, or upload an image.",
  })
  .optional()
  .transform((value) => value || null);

const slug = z
  .string({ error: "Enter a slug." })
  .trim()
  .toLowerCase()
  .min(1, "Enter a slug.")
  .max(100, "Keep the slug under 100 characters.")
  .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens (e.g. my-first-post).");

/** "a, b ,c" or repeated fields to a clean, unique list. */
const tagList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const items = (Array.isArray(value) ? value : (value ?? "").split(","))
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean);
    return [...new Set(items)];
  })
  .pipe(
    z
      .array(z.string().max(40, "Keep each tag under 40 characters."))
      .max(12, "Use at most 12 tags."),
  );

const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean))
  .pipe(
    z.array(z.uuid("Pick related items from the list.")).max(6, "Pick at most 6 related items."),
  );

export const publishStatuses = ["draft", "scheduled", "published"] as const;

const publishing = {
  status: z.enum(publishStatuses, { error: "Choose draft, scheduled or published." }),
  /** An ISO date-time (the browser converts its local time). */
  publishAt: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        context.addIssue({ code: "custom", message: "Enter a valid date and time." });
        return z.NEVER;
      }
      return date;
    }),
  seoTitle: optionalText("SEO title", 120),
  seoDescription: optionalText("SEO description", 320),
  socialImage: optionalImageUrl,
  relatedIds: idList,
};

type PublishingShape = { status: string; publishAt: Date | null };

function checkSchedule(value: PublishingShape, context: z.RefinementCtx, now = Date.now()) {
  if (value.status !== "scheduled") return;
  if (!value.publishAt)
    context.addIssue({
      code: "custom",
      path: ["publishAt"],
      message: "Choose when to publish it.",
    });
  else if (value.publishAt.getTime() <= now - 60_000)
    context.addIssue({
      code: "custom",
      path: ["publishAt"],
      message: "Choose a time in the future.",
    });
}

function checkCoverAlt(
  value: { coverImage: string | null; coverAlt: string | null },
  context: z.RefinementCtx,
) {
  if (value.coverImage && !value.coverAlt)
    context.addIssue({
      code: "custom",
      path: ["coverAlt"],
      message: "Describe the cover image (alt text).",
    });
}

export const insightFormSchema = z
  .object({
    title: text("title", 200),
    slug,
    excerpt: text("excerpt", 400),
    body: text("article", 100_000),
    author: text("author", 120),
    tags: tagList,
    coverImage: optionalImageUrl,
    coverAlt: optionalText("alt text", 300),
    ...publishing,
  })
  .superRefine((value, context) => {
    checkSchedule(value, context);
    checkCoverAlt(value, context);
  });

export type InsightInput = z.infer<typeof insightFormSchema>;

const metricList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [label, ...rest] = line.split(":");
        return { label: label.trim(), value: rest.join(":").trim() };
      }),
  )
  .pipe(
    z
      .array(
        z.object({
          label: z.string().min(1, "Write each metric as “Label: value”.").max(60),
          value: z.string().min(1, "Write each metric as “Label: value”.").max(40),
        }),
      )
      .max(6, "Use at most 6 metrics."),
  );

export const caseStudyFormSchema = z
  .object({
    title: text("title", 200),
    slug,
    client: text("client", 120),
    industry: text("industry", 120),
    services: tagList,
    summary: text("summary", 400),
    challenge: text("challenge", 50_000),
    solution: text("solution", 50_000),
    results: text("results", 50_000),
    metrics: metricList,
    coverImage: optionalImageUrl,
    coverAlt: optionalText("alt text", 300),
    ...publishing,
  })
  .superRefine((value, context) => {
    checkSchedule(value, context);
    checkCoverAlt(value, context);
  });

export type CaseStudyInput = z.infer<typeof caseStudyFormSchema>;

export const testimonialFormSchema = z
  .object({
    quote: text("quote", 1000),
    name: text("name", 120),
    role: text("role", 120),
    company: text("company", 120),
    photoUrl: optionalImageUrl,
    photoAlt: optionalText("alt text", 300),
    isVisible: z
      .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
      .optional()
      .transform((value) => value === "on" || value === "true"),
  })
  .superRefine((value, context) => {
    if (value.photoUrl && !value.photoAlt)
      context.addIssue({
        code: "custom",
        path: ["photoAlt"],
        message: "Describe the photo (alt text).",
      });
  });

export type TestimonialInput = z.infer<typeof testimonialFormSchema>;

/** A form's fields as an object; fields that repeat (related ids, services) become lists. */
export function formToObject(form: FormData, lists: string[] = ["relatedIds", "services"]) {
  const result: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((value): value is string => typeof value === "string");
    result[key] = lists.includes(key) ? values : values[0];
  }
  return result;
}
