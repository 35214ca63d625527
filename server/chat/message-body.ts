import { invalid } from "#server/errors.ts";
import { chatBodySchema } from "#shared/chat.ts";

/** How much of the latest message the conversation keeps for the inbox list. */
export const PREVIEW_LENGTH = 140;

export function parseBody(body: unknown) {
  const parsed = chatBodySchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error, parsed.error.issues[0].message);
  return parsed.data;
}
