import type { Database, Db } from "#server/db/client.ts";
import type { ApiScope } from "#server/db/schema/api.ts";
import type { Env } from "#server/env.ts";
import { createLeadFromApi } from "#server/leads/leads.ts";
import { contactSchema } from "#shared/contact-schema.ts";
import { z } from "#shared/zod.ts";
import {
  getClient,
  getInvoice,
  getProposal,
  listClients,
  listInvoices,
  listProposals,
} from "./business";
import { type ContentKind, getContent, listContent } from "./content";
import {
  caseStudySchema,
  clientSchema,
  createdLeadSchema,
  episodeSchema,
  idParamsSchema,
  insightSchema,
  invoiceSchema,
  type ListQuery,
  listQuerySchema,
  newTimeEntrySchema,
  pageOf,
  proposalSchema,
  timeEntryQuerySchema,
  timeEntrySchema,
} from "./schemas";
import {
  createTimeEntryFromApi,
  getTimeEntry,
  listTimeEntries,
  type TimeEntryBody,
  type TimeEntryQuery,
} from "./time";
import type { ApiCaller } from "./tokens";

export type ApiRouteContext = {
  db: Db;
  database: Database;
  env: Env;
  caller: ApiCaller;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
};

/**
 * One operation of the API: the router serves it and the OpenAPI document describes it,
 * both from this entry, so they cannot drift apart. `run` answers the body, or undefined
 * for "not found".
 */
export type ApiRoute = {
  method: "get" | "post";
  /** OpenAPI style: "/insights/{id}". */
  path: string;
  operationId: string;
  summary: string;
  tag: "Content" | "Business";
  scope: ApiScope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  status?: 200 | 201;
  response: z.ZodType;
  notFound?: string;
  run: (context: ApiRouteContext) => Promise<unknown>;
};

const slugOrIdParams = z.object({
  id: z.string().min(1).max(200).describe("The item's id (UUID) or its slug."),
});

/** "case study" → "CaseStudy", "case studies" → "CaseStudies": names in operation ids. */
const pascal = (words: string) =>
  words.replace(/(^|\s)(\w)/g, (_, _space, letter: string) => letter.toUpperCase());

function contentRoutes(
  kind: ContentKind,
  path: string,
  [noun, plural]: [string, string],
  schema: z.ZodType,
) {
  const name = pascal(noun);
  return [
    {
      method: "get",
      path: `/${path}`,
      operationId: `list${pascal(plural)}`,
      summary: `Published ${plural}, oldest change first`,
      tag: "Content",
      scope: "content:read",
      query: listQuerySchema,
      response: pageOf(schema, `${name}Page`),
      run: ({ db, env, query }) =>
        listContent({ db, kind, query: query as ListQuery, publicUrl: env.PUBLIC_URL }),
    },
    {
      method: "get",
      path: `/${path}/{id}`,
      operationId: `get${name}`,
      summary: `One published ${noun}, by id or slug`,
      tag: "Content",
      scope: "content:read",
      params: slugOrIdParams,
      response: schema,
      notFound: `No published ${noun} has that id or slug.`,
      run: ({ db, env, params }) =>
        getContent({ db, kind, idOrSlug: params.id, publicUrl: env.PUBLIC_URL }),
    },
  ] satisfies ApiRoute[];
}

function businessRoutes<Item>(
  path: string,
  noun: string,
  schema: z.ZodType,
  list: (options: { db: Db; query: ListQuery }) => Promise<unknown>,
  get: (options: { db: Db; id: string }) => Promise<Item | undefined>,
) {
  const name = noun[0].toUpperCase() + noun.slice(1);
  return [
    {
      method: "get",
      path: `/${path}`,
      operationId: `list${name}s`,
      summary: `${name}s, oldest change first`,
      tag: "Business",
      scope: "business:read",
      query: listQuerySchema,
      response: pageOf(schema, `${name}Page`),
      run: ({ db, query }) => list({ db, query: query as ListQuery }),
    },
    {
      method: "get",
      path: `/${path}/{id}`,
      operationId: `get${name}`,
      summary: `One ${noun}`,
      tag: "Business",
      scope: "business:read",
      params: idParamsSchema,
      response: schema,
      notFound: `No ${noun} has that id.`,
      run: ({ db, params }) => get({ db, id: params.id }),
    },
  ] satisfies ApiRoute[];
}

export const apiRoutes: ApiRoute[] = [
  ...contentRoutes("insights", "insights", ["insight", "insights"], insightSchema),
  ...contentRoutes("caseStudies", "case-studies", ["case study", "case studies"], caseStudySchema),
  ...contentRoutes("episodes", "episodes", ["episode", "episodes"], episodeSchema),
  ...businessRoutes("clients", "client", clientSchema, listClients, getClient),
  ...businessRoutes("proposals", "proposal", proposalSchema, listProposals, getProposal),
  ...businessRoutes("invoices", "invoice", invoiceSchema, listInvoices, getInvoice),
  {
    method: "get",
    path: "/time-entries",
    operationId: "listTimeEntries",
    summary: "Time entries, oldest change first; by project, person and days",
    tag: "Business",
    scope: "business:read",
    query: timeEntryQuerySchema,
    response: pageOf(timeEntrySchema, "TimeEntryPage"),
    run: ({ db, query }) => listTimeEntries({ db, query: query as TimeEntryQuery }),
  },
  {
    method: "get",
    path: "/time-entries/{id}",
    operationId: "getTimeEntry",
    summary: "One time entry",
    tag: "Business",
    scope: "business:read",
    params: idParamsSchema,
    response: timeEntrySchema,
    notFound: "No time entry has that id.",
    run: ({ db, params }) => getTimeEntry({ db, id: params.id }),
  },
  {
    method: "post",
    path: "/time-entries",
    operationId: "createTimeEntry",
    summary: "Logs time for a staff member, as they could themselves (not in an approved week)",
    tag: "Business",
    scope: "business:write",
    body: newTimeEntrySchema,
    status: 201,
    response: timeEntrySchema,
    run: ({ db, body, caller }) =>
      createTimeEntryFromApi({ db, caller, body: body as TimeEntryBody }),
  },
  {
    method: "post",
    path: "/leads",
    operationId: "createLead",
    summary: "A new lead, as if sent with the contact form: staff are told",
    tag: "Business",
    scope: "business:write",
    body: contactSchema,
    status: 201,
    response: createdLeadSchema,
    run: async ({ db, env, body, caller }) => {
      const lead = await createLeadFromApi({ db, env, input: body, tokenName: caller.name });
      return { id: lead.id, createdAt: lead.createdAt.toISOString() };
    },
  },
];
