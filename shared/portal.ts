import { emailAddress, z } from "#shared/zod.ts";

/** The portal's sign-in form: the address a link is mailed to. */
export const portalSignInSchema = z.object({ email: emailAddress() });

/** What a statement can be downloaded as. */
export const statementFormats = ["pdf", "csv"] as const;
export type StatementFormat = (typeof statementFormats)[number];

/** The one answer to a link request, whether or not the address may sign in. */
export const LINK_REQUESTED_MESSAGE =
  "If this address may use the client portal, a sign-in link is on its way. It works once, within 15 minutes.";
export const LINK_GONE_MESSAGE =
  "This sign-in link has expired or was already used. Ask for a new one below.";

/** A message of a project thread: plain text, shown as written (React escapes it). */
export const PORTAL_MESSAGE_MAX = 4000;
export const portalMessageSchema = z.object({
  body: z
    .string({ error: "Write a message first." })
    .trim()
    .min(1, "Write a message first.")
    .max(PORTAL_MESSAGE_MAX, `Keep a message under ${PORTAL_MESSAGE_MAX} characters.`),
});

/** The staff inbox's answer to a project thread (/admin/chat, the Clients filter). */
export const threadReplySchema = z.object({
  intent: z.literal("thread-reply"),
  projectId: z.uuid("Choose a project thread first."),
  body: portalMessageSchema.shape.body,
});
