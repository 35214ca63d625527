// The rates an entry is billed and costed at: a person's billing rate on the project, else
// theirs in the project's currency; the cost rate in that currency (decision 423).
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { projectRates, staffRates } from "#server/db/schema/time.ts";

export type PersonRates = { billingRate: number | null; costRate: number | null };

/** Each person's hourly rates on a project, in the project's currency (null: none set). */
export async function ratesOnProject(
  db: Db | Tx,
  project: { id: string; currency: string },
  userIds: string[],
): Promise<Map<string, PersonRates>> {
  const rates = new Map<string, PersonRates>(
    userIds.map((id) => [id, { billingRate: null, costRate: null }]),
  );
  if (!userIds.length) return rates;
  const [personal, overrides] = await Promise.all([
    db
      .select()
      .from(staffRates)
      .where(and(inArray(staffRates.userId, userIds), eq(staffRates.currency, project.currency))),
    db
      .select()
      .from(projectRates)
      .where(and(eq(projectRates.projectId, project.id), inArray(projectRates.userId, userIds))),
  ]);
  for (const row of personal)
    rates.set(row.userId, { billingRate: row.billingRate, costRate: row.costRate });
  for (const row of overrides) {
    const current = rates.get(row.userId) ?? { billingRate: null, costRate: null };
    rates.set(row.userId, { ...current, billingRate: row.billingRate });
  }
  return rates;
}
