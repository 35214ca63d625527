import { z } from "#shared/zod.ts";
import { type ApiRoute, apiRoutes } from "./routes";
import { apiSchemas } from "./schemas";
import { API_RATE_LIMIT_PER_MINUTE } from "./tokens";

type JsonSchema = Record<string, unknown>;

const componentRef = (id: string) => `#/components/schemas/${id}`;

/** A schema as JSON Schema (draft 2020-12, what OpenAPI 3.1 uses), named ones by reference. */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const id = apiSchemas.get(schema)?.id;
  if (id) return { $ref: componentRef(id) };
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** Path and query parameters, one per field of their schemas. */
function parametersOf(route: ApiRoute) {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", route.params],
    ["query", route.query],
  ] as const) {
    if (!schema) continue;
    for (const [name, field] of Object.entries(schema.shape)) {
      const fieldSchema = field as z.ZodType;
      const json = jsonSchemaOf(fieldSchema);
      const { description, ...rest } = json as { description?: string };
      parameters.push({
        name,
        in: where,
        required: where === "path" || !fieldSchema.safeParse(undefined).success,
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return parameters;
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: componentRef("Error") } } },
});

function operationOf(route: ApiRoute) {
  const responses: Record<string, unknown> = {
    [String(route.status ?? 200)]: {
      description: "Success.",
      content: { "application/json": { schema: jsonSchemaOf(route.response) } },
    },
    "401": errorResponse("No token, or a token that is unknown or revoked."),
    "403": errorResponse(`The token's scope does not include ${route.scope}.`),
    "429": errorResponse(
      `More than ${API_RATE_LIMIT_PER_MINUTE} requests this minute with this token; see Retry-After.`,
    ),
  };
  if (route.query || route.params || route.body)
    responses["400"] = errorResponse("The input is not valid: see error.fields.");
  if (route.notFound) responses["404"] = errorResponse(route.notFound);
  if (route.body) {
    responses["413"] = errorResponse("The body is larger than 64 KB.");
    responses["415"] = errorResponse("The body is not JSON.");
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    security: [{ bearerToken: [route.scope] }],
    "x-scope": route.scope,
    parameters: parametersOf(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(route.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of /api/v1, made from the route table and the Zod schemas the
 * routes use: what it says is what the server does.
 */
export function createOpenApiDocument({ publicUrl }: { publicUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of apiRoutes) {
    paths[route.path] ??= {};
    paths[route.path][route.method] = operationOf(route);
  }
  const { schemas } = z.toJSONSchema(apiSchemas, {
    uri: componentRef,
    unrepresentable: "any",
  }) as { schemas: Record<string, JsonSchema> };
  for (const schema of Object.values(schemas)) delete schema.$schema;
  delete (schemas as Record<string, JsonSchema>).__shared;
  return {
    openapi: "3.1.0",
    info: {
      title: "Frontier API",
      version: "1.0.0",
      description: [
        "Published content, and for business tokens clients, proposals, invoices and new leads.",
        "Send the token an admin made on /admin/api-tokens as `Authorization: Bearer <token>`;",
        "cookies are never accepted. Errors are `{ error: { code, message, fields? } }`.",
        `Each token may make ${API_RATE_LIMIT_PER_MINUTE} requests a minute.`,
        "Lists are paged (`page`, `pageSize` up to 100) in the order of their last change;",
        "`updatedSince` returns only what changed after a time.",
      ].join(" "),
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
    security: [{ bearerToken: [] }],
    tags: [
      { name: "Content", description: "Needs the scope content:read." },
      { name: "Business", description: "Needs business:read, or business:write to create." },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "An API token (frt_…) from /admin/api-tokens.",
        },
      },
      schemas,
    },
  };
}
