import { data } from "react-router";
import { attachConversationTouchpoints, readTouchpoints } from "#server/analytics/touchpoints.ts";
import {
  findMessages,
  findVisitorConversation,
  toVisitorConversation,
} from "#server/chat/conversation-queries.ts";
import { isStaffOnline } from "#server/chat/presence.ts";
import { markReadByVisitor } from "#server/chat/read-marks.ts";
import { createVisitorCookie, readVisitorId } from "#server/chat/visitor-cookie.ts";
import {
  sendVisitorMessage,
  takeOfflineMessage,
  updateVisitorProfile,
} from "#server/chat/visitor-messages.ts";
import type { AppContext } from "#server/context.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { z } from "#shared/zod.ts";
import type { Route } from "./+types/chat";

// The visitor's chat over plain HTTP: history on reload (and the cookie on the
// first visit), and a fallback for writing when the socket is not connected.

function visitorOf(request: Request, context: AppContext) {
  const visitorId = readVisitorId(request.headers.get("Cookie"), context.env.AUTH_SECRET);
  if (visitorId) return { visitorId, headers: new Headers() };
  const cookie = createVisitorCookie(context.env.AUTH_SECRET, {
    isSecure: context.env.PUBLIC_URL.startsWith("https://"),
  });
  return { visitorId: cookie.visitorId, headers: new Headers({ "Set-Cookie": cookie.header }) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { visitorId, headers } = visitorOf(request, context);
  headers.set("Cache-Control", "private, no-store");
  const [conversation, staffOnline] = await Promise.all([
    findVisitorConversation(context.db, visitorId),
    isStaffOnline(context.db),
  ]);
  const messages = conversation
    ? await findMessages(context.db, { conversationId: conversation.id })
    : [];
  return data(
    {
      conversation: conversation ? toVisitorConversation(conversation) : null,
      messages,
      staffOnline,
    },
    { headers },
  );
}

const intentSchema = z.enum(["send", "profile", "offline", "read", "trail"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const { visitorId, headers } = visitorOf(request, context);
  const form = await readForm(request);
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success)
    return data({ ok: false as const, error: "Unknown request." }, { status: 400 });
  const options = { database: context.database, visitorId, address: context.clientAddress };
  try {
    switch (intent.data) {
      case "send": {
        const sent = await sendVisitorMessage({ ...options, body: form.get("body") });
        return data({ ok: true as const, ...sent }, { headers });
      }
      case "profile": {
        const conversation = await updateVisitorProfile({
          ...options,
          input: { name: form.get("name") ?? "", email: form.get("email") ?? "" },
        });
        return data({ ok: true as const, conversation }, { headers });
      }
      case "offline": {
        const taken = await takeOfflineMessage({
          ...options,
          env: context.env,
          input: {
            name: form.get("name") ?? "",
            email: form.get("email") ?? "",
            body: form.get("body") ?? "",
          },
          touchpoints: readTouchpoints({ form, headers: request.headers }),
        });
        return data(
          { ok: true as const, conversation: taken.conversation, message: taken.message },
          { headers },
        );
      }
      case "read":
        await markReadByVisitor(context.database, visitorId);
        return data({ ok: true as const }, { headers });
      // After the first message or details: the pages seen before the chat (server/analytics).
      case "trail":
        await attachConversationTouchpoints({
          db: context.db,
          visitorId,
          touchpoints: readTouchpoints({ form, headers: request.headers }),
        });
        return data({ ok: true as const }, { headers });
    }
  } catch (error) {
    return errorResponse(error);
  }
}
