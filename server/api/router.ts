import express, { type Request, type Response } from "express";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "#server/db/availability.ts";
import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import {
  AppError,
  type FieldErrors,
  fieldErrorsOf,
  isBadValueForDatabase,
} from "#server/errors.ts";
import { log } from "#server/log.ts";
import type { z } from "#shared/zod.ts";
import { createOpenApiDocument } from "./openapi";
import { type ApiRoute, apiRoutes } from "./routes";
import { API_RATE_LIMIT_PER_MINUTE, type ApiCaller, checkApiToken } from "./tokens";

/** The largest JSON body the API reads (server/body-limit.ts refuses larger ones first). */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

type ErrorCode = string;

/** An API refusal: `{ error: { code, message, fields? } }` with its status. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function sendError(response: Response, error: ApiError) {
  response
    .status(error.status)
    .set(error.headers)
    .json({
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      },
    });
}

/** The token of `Authorization: Bearer <token>`; cookies are never read here. */
function bearerToken(request: Request) {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

async function authenticate(request: Request, response: Response, options: RouterOptions) {
  const token = bearerToken(request);
  if (!token)
    throw new ApiError(
      401,
      "UNAUTHORIZED",
      "Send an API token as `Authorization: Bearer <token>`. Admins make tokens on /admin/api-tokens; cookies are not accepted.",
      undefined,
      { "WWW-Authenticate": 'Bearer realm="frontier"' },
    );
  const check = await checkApiToken({
    db: options.database.db,
    token,
    limit: options.rateLimitPerMinute,
  });
  if (!check.ok && check.reason === "rate-limited")
    throw new ApiError(
      429,
      "RATE_LIMITED",
      `This token made more than ${options.rateLimitPerMinute ?? API_RATE_LIMIT_PER_MINUTE} requests this minute. Try again in ${check.retryAfterSeconds} s.`,
      undefined,
      { "Retry-After": String(check.retryAfterSeconds) },
    );
  if (!check.ok)
    throw new ApiError(
      401,
      "UNAUTHORIZED",
      "This API token is not valid: it is unknown or was revoked.",
      undefined,
      { "WWW-Authenticate": 'Bearer realm="frontier", error="invalid_token"' },
    );
  response.set("X-RateLimit-Remaining", String(check.remaining));
  return check.caller;
}

function parseInput(schema: z.ZodType | undefined, value: unknown, what: string) {
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiError(400, "INVALID", `The ${what} is not valid: see error.fields.`, {
    ...fieldErrorsOf(parsed.error),
  });
}

const jsonParser = express.json({ limit: API_BODY_LIMIT_BYTES, type: () => true, strict: false });

/** Reads a JSON body: 415 for another type, 413 past the limit, 400 for broken JSON. */
async function readJsonBody(request: Request, response: Response) {
  const type = (request.headers["content-type"] ?? "").toLowerCase();
  if (!/^application\/([\w.+-]+\+)?json\b/.test(type))
    throw new ApiError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the body as JSON (Content-Type: application/json).",
    );
  try {
    await new Promise<void>((resolve, reject) =>
      jsonParser(request, response, (error?: unknown) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    const kind = (error as { type?: string }).type;
    if (kind === "entity.too.large")
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", "The body is larger than 64 KB.");
    throw new ApiError(400, "INVALID", "The body is not valid JSON.");
  }
  return request.body as unknown;
}

function handle(route: ApiRoute, options: RouterOptions) {
  return async (request: Request, response: Response) => {
    const caller: ApiCaller = await authenticate(request, response, options);
    if (!caller.scopes.includes(route.scope))
      throw new ApiError(
        403,
        "FORBIDDEN",
        `This token may not do that: it needs the scope ${route.scope} (it has ${caller.scopes.join(", ")}).`,
      );
    const params = parseInput(route.params, request.params, "address") as Record<string, string>;
    const query = parseInput(route.query, request.query, "query");
    const body = route.body
      ? parseInput(route.body, await readJsonBody(request, response), "body")
      : undefined;
    const result = await route.run({
      db: options.database.db,
      database: options.database,
      env: options.env,
      caller,
      params,
      query,
      body,
    });
    if (result === undefined) throw new ApiError(404, "NOT_FOUND", route.notFound ?? "Not found.");
    response.status(route.status ?? 200).json(result);
  };
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+").replace(/\//g, "\\/")}\\/?$`);

function asApiError(error: unknown) {
  if (error instanceof ApiError) return error;
  if (error instanceof AppError)
    return new ApiError(error.status, error.code, error.message, error.fieldErrors);
  if (isBadValueForDatabase(error))
    return new ApiError(400, "INVALID", "Some of the values sent are not valid.");
  if (isDatabaseUnavailable(error))
    return new ApiError(
      503,
      "UNAVAILABLE",
      "The service is briefly unavailable; try again.",
      undefined,
      {
        "Retry-After": String(RETRY_AFTER_SECONDS),
      },
    );
  log.error("API request failed", error);
  return new ApiError(500, "INTERNAL", "Something went wrong on our side.");
}

export type RouterOptions = {
  database: Database;
  env: Env;
  /** Requests a token may make each minute (tests lower it). */
  rateLimitPerMinute?: number;
};

/**
 * The JSON API, mounted at /api/v1 (decision 410): bearer tokens only, a route table
 * (routes.ts) that also makes the OpenAPI document, and every refusal in one shape.
 */
export function apiRouter(options: RouterOptions) {
  const router = express.Router({ strict: false });
  router.use((_request, response, next) => {
    response.set("Cache-Control", "no-store");
    next();
  });
  const document = createOpenApiDocument({ publicUrl: options.env.PUBLIC_URL });
  router.get("/openapi.json", (_request, response) => {
    response.json(document);
  });
  for (const route of apiRoutes) {
    const handler = handle(route, options);
    router[route.method](route.path.replace(/\{(\w+)\}/g, ":$1"), (request, response) =>
      handler(request, response).catch((error: unknown) => sendError(response, asApiError(error))),
    );
  }
  const known = apiRoutes.map((route) => ({ route, pattern: patternOf(route.path) }));
  router.use((request, response) => {
    const allowed = known
      .filter(({ pattern }) => pattern.test(request.path))
      .map(({ route }) => route.method.toUpperCase());
    if (allowed.length)
      return sendError(
        response,
        new ApiError(
          405,
          "METHOD_NOT_ALLOWED",
          `${request.method} is not allowed here; use ${allowed.join(" or ")}.`,
          undefined,
          {
            Allow: allowed.join(", "),
          },
        ),
      );
    sendError(
      response,
      new ApiError(
        404,
        "NOT_FOUND",
        `No API address ${request.method} /api/v1${request.path}. The list is at /api/v1/openapi.json.`,
      ),
    );
  });
  return router;
}
