import type { StaffUser } from "#server/auth/roles.ts";
import type { Database } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import type { ClientFrame, ServerFrame } from "#shared/chat.ts";
import { findMessages, findVisitorConversation } from "./conversation-queries";
import { markReadByStaff, markReadByVisitor } from "./read-marks";
import { sendStaffMessage } from "./staff-messages";
import { sendVisitorMessage } from "./visitor-messages";

/** Who sent a frame: a visitor (their own conversation only) or a staff member whose session was just checked. */
export type FrameSender = { address: string } & (
  | { kind: "visitor"; visitorId: string; conversationId?: string }
  | { kind: "staff"; staff: StaffUser }
);

/** Does what one frame asks and answers it; a domain refusal becomes an error frame. */
export async function answerFrame({
  database,
  sender,
  frame,
  reply,
}: {
  database: Database;
  sender: FrameSender;
  frame: ClientFrame;
  reply: (frame: ServerFrame) => void;
}) {
  const { db } = database;
  if (frame.type === "ping") return reply({ type: "pong" });

  if (frame.type === "sync") {
    if (sender.kind === "visitor" && !sender.conversationId) {
      const conversation = await findVisitorConversation(db, sender.visitorId);
      sender.conversationId = conversation?.id;
    }
    const id = sender.kind === "visitor" ? sender.conversationId : frame.conversationId;
    if (!id) return reply({ type: "messages", conversationId: "", messages: [] });
    const messages = await findMessages(db, { conversationId: id, afterSeq: frame.afterSeq });
    return reply({ type: "messages", conversationId: id, messages });
  }

  if (frame.type === "read") {
    if (sender.kind === "visitor") await markReadByVisitor(database, sender.visitorId);
    else if (frame.conversationId) await markReadByStaff(database, frame.conversationId);
    return;
  }

  try {
    if (sender.kind === "visitor") {
      const { conversation, message } = await sendVisitorMessage({
        database,
        visitorId: sender.visitorId,
        body: frame.body,
        address: sender.address,
      });
      sender.conversationId = conversation.id;
      reply({ type: "ack", clientId: frame.clientId, message });
    } else {
      if (!frame.conversationId) throw new AppError("INVALID", "Choose a conversation first.");
      const message = await sendStaffMessage({
        database,
        staff: sender.staff,
        conversationId: frame.conversationId,
        body: frame.body,
      });
      reply({ type: "ack", clientId: frame.clientId, message });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    reply({ type: "error", clientId: frame.clientId, error: error.message });
  }
}
