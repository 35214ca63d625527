import { z } from "#shared/zod.ts";

// The API's shapes, in Zod: the routes check input with them, the OpenAPI document is made
// from them (openapi.ts) and the tests hold every answer against them. Responses are
// strict: a field the document does not name fails the tests.

/** The named shapes: components of the OpenAPI document, referred to by `$ref`. */
export const apiSchemas = z.registry<{ id: string }>();

function named<Schema extends z.ZodType>(id: string, schema: Schema) {
  apiSchemas.add(schema, { id });
  return schema;
}

const dateTime = z.iso.datetime({ offset: true });
const day = z.iso.date();
const money = z.int().describe("An amount in minor units (cents) of `currency`.");

export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number from 1." })
    .int("page must be a whole number from 1.")
    .min(1, "page must be a whole number from 1.")
    .max(100_000, "page is too large.")
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number from 1 to 100." })
    .int("pageSize must be a whole number from 1 to 100.")
    .min(1, "pageSize must be a whole number from 1 to 100.")
    .max(100, "pageSize must be a whole number from 1 to 100.")
    .default(20),
  updatedSince: dateTime
    .optional()
    .describe("Only what changed after this time (ISO 8601 with a time zone)."),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export const idParamsSchema = z.object({
  id: z.uuid("id must be a UUID."),
});

export const insightSchema = named(
  "Insight",
  z.strictObject({
    id: z.uuid(),
    slug: z.string(),
    url: z.url(),
    title: z.string(),
    excerpt: z.string(),
    body: z.string().describe("Markdown."),
    bodyHtml: z.string().describe("The body as the site shows it: sanitised HTML."),
    author: z.string(),
    tags: z.array(z.string()),
    coverImage: z.string().nullable(),
    publishedAt: dateTime.nullable(),
    updatedAt: dateTime,
  }),
);

export const caseStudySchema = named(
  "CaseStudy",
  z.strictObject({
    id: z.uuid(),
    slug: z.string(),
    url: z.url(),
    title: z.string(),
    client: z.string(),
    industry: z.string(),
    services: z.array(z.string()),
    summary: z.string(),
    challenge: z.string().describe("Markdown."),
    solution: z.string().describe("Markdown."),
    results: z.string().describe("Markdown."),
    metrics: z.array(z.strictObject({ label: z.string(), value: z.string() })),
    coverImage: z.string().nullable(),
    publishedAt: dateTime.nullable(),
    updatedAt: dateTime,
  }),
);

export const episodeSchema = named(
  "Episode",
  z.strictObject({
    id: z.uuid(),
    slug: z.string(),
    url: z.url(),
    title: z.string(),
    kind: z.enum(["audio", "video"]),
    showNotes: z.string().describe("Markdown."),
    audioUrl: z.string().nullable(),
    audioBytes: z.int().nullable(),
    audioType: z.string().nullable(),
    durationSeconds: z.int().nullable(),
    season: z.int().nullable(),
    episode: z.int().nullable(),
    youtubeVideoId: z.string().nullable(),
    coverImage: z.string().nullable(),
    publishedAt: dateTime.nullable(),
    updatedAt: dateTime,
  }),
);

export const clientSchema = named(
  "Client",
  z.strictObject({
    id: z.uuid(),
    company: z.string(),
    currency: z.string().length(3),
    billingAddress: z.string(),
    taxId: z.string(),
    contacts: z.array(
      z.strictObject({
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        role: z.string(),
        isPrimary: z.boolean(),
      }),
    ),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const proposalSchema = named(
  "Proposal",
  z.strictObject({
    id: z.uuid(),
    title: z.string(),
    clientId: z.uuid(),
    status: z.enum(["draft", "sent", "viewed", "accepted", "declined", "expired", "withdrawn"]),
    currency: z.string().length(3),
    total: money,
    depositPercent: z.int(),
    validUntil: day,
    sentAt: dateTime.nullable(),
    firstViewedAt: dateTime.nullable(),
    acceptedAt: dateTime.nullable(),
    declinedAt: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const invoiceSchema = named(
  "Invoice",
  z.strictObject({
    id: z.uuid(),
    number: z.string(),
    clientId: z.uuid(),
    projectId: z.uuid().nullable(),
    proposalId: z.uuid().nullable(),
    kind: z.enum(["standard", "deposit"]),
    status: z.enum(["draft", "sent", "partially_paid", "paid", "overdue", "void"]),
    currency: z.string().length(3),
    issueDate: day,
    dueDate: day,
    subtotal: money,
    discountTotal: money,
    taxTotal: money,
    total: money,
    amountPaid: money,
    sentAt: dateTime.nullable(),
    paidAt: dateTime.nullable(),
    voidedAt: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const timeEntrySchema = named(
  "TimeEntry",
  z.strictObject({
    id: z.uuid(),
    userId: z.string(),
    userEmail: z.string(),
    userName: z.string(),
    projectId: z.uuid(),
    milestoneId: z.uuid().nullable(),
    date: day.describe("The day in the staff member's time zone."),
    minutes: z
      .int()
      .describe("What was logged, in whole minutes (rounding applies on invoices only)."),
    note: z.string(),
    billable: z.boolean(),
    invoiceId: z.uuid().nullable().describe("The invoice that billed it, if any."),
    startedAt: dateTime.nullable(),
    endedAt: dateTime.nullable(),
    source: z.enum(["timer", "manual", "timesheet", "api", "import"]),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const timeEntryQuerySchema = listQuerySchema.extend({
  projectId: z.uuid("projectId must be a UUID.").optional(),
  userEmail: z.email("userEmail must be an email address.").optional(),
  from: day.optional().describe("Days from this one (YYYY-MM-DD)."),
  to: day.optional().describe("Days up to this one (YYYY-MM-DD)."),
});

export const newTimeEntrySchema = named(
  "NewTimeEntry",
  z.strictObject({
    userEmail: z.email("userEmail must be the address of a staff member."),
    projectId: z.uuid("projectId must be a UUID."),
    milestoneId: z.uuid("milestoneId must be a UUID.").nullable().optional(),
    date: z.iso.date("date must be a day (YYYY-MM-DD)."),
    minutes: z
      .int("minutes must be a whole number.")
      .min(1, "minutes must be from 1 to 1440.")
      .max(1440, "minutes must be from 1 to 1440."),
    note: z.string().max(2000, "note must be under 2000 characters.").optional(),
    billable: z.boolean().optional(),
  }),
);

export const createdLeadSchema = named(
  "CreatedLead",
  z.strictObject({ id: z.uuid(), createdAt: dateTime }),
);

/** A page of a list: the items, and where they sit in the whole. */
export function pageOf<Item extends z.ZodType>(item: Item, name: string) {
  return named(
    name,
    z.strictObject({
      data: z.array(item),
      page: z.int(),
      pageSize: z.int(),
      total: z.int(),
      hasMore: z.boolean(),
    }),
  );
}

export const errorSchema = named(
  "Error",
  z.strictObject({
    error: z.strictObject({
      code: z.string().describe("Stable: UNAUTHORIZED, FORBIDDEN, INVALID, NOT_FOUND, …"),
      message: z.string().describe("For people: says what to change."),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .describe("With INVALID: the messages for each field of the input."),
    }),
  }),
);
