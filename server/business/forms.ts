import type { z } from "zod";
import { invalid } from "#server/errors.ts";

/** Parses a form's values with its schema, or throws the 400 AppError with field errors. */
export function parseFormValues<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}
