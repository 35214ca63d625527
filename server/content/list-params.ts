import { z } from "zod";

/** The highest page number a list link can name. */
export const MAX_LIST_PAGE = 10_000;

const text = z
  .string()
  .trim()
  .max(80)
  .transform((value) => value || undefined);

/** The public list pages' URL parameters (the last of a repeated one counts). */
export const listParamsSchema = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d*$/)
    .transform(Number)
    .pipe(z.number().max(MAX_LIST_PAGE))
    .optional(),
  service: text.optional(),
  industry: text.optional(),
  tag: text.optional(),
});

export type ListParams = z.infer<typeof listParamsSchema>;

/**
 * A list page's parameters, or undefined when one is malformed (a page that is not a
 * whole number from 1, a filter over 80 characters): the page answers 404, as for a
 * tag or a page number that does not exist, so no address renders a page it does not
 * name (see server/cache/public-pages.ts for the addresses the cache keeps).
 */
export function parseListParams(url: URL): ListParams | undefined {
  const parsed = listParamsSchema.safeParse(Object.fromEntries(url.searchParams));
  return parsed.success ? parsed.data : undefined;
}
