import { z } from "./zod";

/** The chat's wire format and form rules, shared by the browser and the server. */

export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_SOCKET_PATH = "/api/chat/socket";
export const CHAT_HTTP_PATH = "/api/chat";

/** Close codes of the chat socket that the browser acts on (decisions 605 and 606). */
export const CHAT_CLOSE = {
  /** The staff session ended (signed out, disabled, expired): show it, do not reconnect. */
  signedOut: 4401,
  /** The account no longer has access to the chat (its role changed): show it, do not reconnect. */
  noAccess: 4403,
  /** Too many frames, or too many sockets: reconnect only after the longest pause. */
  policy: 1008,
} as const;

export const chatBodySchema = z
  .string({ error: "Write a message first." })
  .trim()
  .min(1, "Write a message first.")
  .max(CHAT_MESSAGE_MAX, `Keep it under ${CHAT_MESSAGE_MAX} characters.`);

export const chatProfileSchema = z.object({
  name: z.string().trim().max(120, "Keep the name under 120 characters.").optional().default(""),
  email: z
    .union([z.literal(""), z.email("Enter an email address like name@example.com.")])
    .optional()
    .default(""),
});

export const chatOfflineSchema = z.object({
  name: z.string().trim().max(120, "Keep the name under 120 characters.").optional().default(""),
  email: z.email("Enter an email address so we can reply."),
  body: chatBodySchema,
});

export type ChatMessage = {
  id: string;
  conversationId: string;
  seq: number;
  author: "visitor" | "staff" | "system";
  staffName: string | null;
  body: string;
  createdAt: string;
};

export type VisitorConversation = {
  id: string;
  visitorName: string | null;
  visitorEmail: string | null;
  status: "open" | "assigned" | "closed";
  visitorUnread: number;
};

/** What the browser sends over the socket. */
export const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("sync"),
    conversationId: z.uuid().optional(),
    afterSeq: z.number().int().min(0),
  }),
  z.object({
    type: z.literal("send"),
    /** Staff name the conversation; a visitor always writes to their own. */
    conversationId: z.uuid().optional(),
    body: z.string().max(CHAT_MESSAGE_MAX * 2),
    clientId: z.string().max(64),
  }),
  z.object({ type: z.literal("read"), conversationId: z.uuid().optional() }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** What the server sends over the socket. */
export type ServerFrame =
  | { type: "welcome"; role: "visitor" | "staff"; staffOnline: boolean }
  | { type: "message"; message: ChatMessage }
  | { type: "messages"; conversationId: string; messages: ChatMessage[] }
  | { type: "ack"; clientId: string; message: ChatMessage }
  | { type: "error"; clientId?: string; error: string }
  | { type: "presence"; staffOnline: boolean }
  | { type: "conversation"; conversationId: string }
  | { type: "pong" };

/** The staff screen's actions (/admin/chat). */
export const chatStaffActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reply"), conversationId: z.uuid(), body: chatBodySchema }),
  z.object({ intent: z.literal("assign"), conversationId: z.uuid() }),
  z.object({ intent: z.literal("close"), conversationId: z.uuid() }),
  z.object({ intent: z.literal("reopen"), conversationId: z.uuid() }),
  z.object({
    intent: z.literal("link-client"),
    conversationId: z.uuid(),
    clientId: z.union([z.literal(""), z.uuid("Choose a client from the list.")]),
  }),
]);

export const chatFilters = [
  { value: "active", label: "Active" },
  { value: "mine", label: "Mine" },
  { value: "open", label: "Unassigned" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
] as const;
