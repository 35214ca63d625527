import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .max(80)
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined);

/** The list pages' URL parameters; anything odd falls back to "no filter" or page 1. */
export const listParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  service: optionalText,
  industry: optionalText,
  tag: optionalText,
});

export function parseListParams(url: URL) {
  return listParamsSchema.parse(Object.fromEntries(url.searchParams));
}

/** The canonical path of a list page: its filters and page, in a fixed order. */
export function listPath(basePath: string, params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value !== undefined && value !== "" && !(key === "page" && value === 1))
      search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${basePath}?${query}` : basePath;
}
