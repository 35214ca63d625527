import { sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { isUuid } from "#server/ids.ts";

/** The NOTIFY channel that says a project changed; payloads carry ids only. */
export const PROJECT_CHANGES_CHANNEL = "project_changes";

export type ProjectChange = {
  clientId: string;
  projectId: string;
  what: "project" | "milestones" | "files" | "messages" | "invoices";
};

/**
 * Announces a change to every instance. Called inside the change's transaction, so
 * the NOTIFY goes out when (and only if) the change commits.
 */
export async function announceProjectChange(db: Db | Tx, change: ProjectChange) {
  await db.execute(sql`select pg_notify(${PROJECT_CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
}

export function parseProjectChange(payload: string): ProjectChange | undefined {
  try {
    const change = JSON.parse(payload) as ProjectChange;
    return isUuid(change?.clientId) && isUuid(change?.projectId) ? change : undefined;
  } catch {
    return undefined;
  }
}
