// What the proposal commands share: the states that allow a step, the row lock and the audit entry.
import type { SQL } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { todayIso } from "#server/business/dates.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { type ProposalStatus, proposals } from "#server/db/schema/proposals.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";

export type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "STAFF_EMAIL">;

/** States in which the client holds the proposal and may still answer. */
export const ANSWERABLE: ProposalStatus[] = ["sent", "viewed"];
/** States staff may still edit. */
export const EDITABLE: ProposalStatus[] = ["draft", "sent", "viewed"];

export function audit(tx: Tx | Db, actor: Actor, action: string, recordId: string, detail = {}) {
  return recordAudit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action,
    area: "proposals",
    recordId,
    detail,
  });
}

export async function lockProposal(tx: Tx, where: SQL) {
  const [proposal] = await tx.select().from(proposals).where(where).for("update");
  if (!proposal) throw new AppError("NOT_FOUND", "That proposal no longer exists.");
  return proposal;
}

/** Is it past its valid-until day (the last day it can be accepted)? */
export function isPastValidity(proposal: { validUntil: string }, today = todayIso()) {
  return proposal.validUntil < today;
}
