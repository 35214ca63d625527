import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .max(80)
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined);

/** The public list pages' URL parameters; anything odd falls back to "no filter" or page 1. */
export const listParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  service: optionalText,
  industry: optionalText,
  tag: optionalText,
});

export function parseListParams(url: URL) {
  return listParamsSchema.parse(Object.fromEntries(url.searchParams));
}
