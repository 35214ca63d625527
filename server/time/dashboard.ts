// The dashboard's time figures: unbilled time's value, and the burn of the active projects
// with a budget, the most used first (decisions 425, 428).
import { sql } from "drizzle-orm";
import { todayIso } from "#server/business/dates.ts";
import type { Db } from "#server/db/client.ts";
import { getUnbilledValue } from "./billing";
import { getProjectBurns } from "./budgets";

export async function getTimeDashboard({ db, today = todayIso() }: { db: Db; today?: string }) {
  const active = await db.execute(sql`
    select p.id from projects p
    left join project_time_settings s on s.project_id = p.id
    left join proposals pr on pr.id = p.proposal_id
    where p.status = 'active'
      and (s.budget_minutes is not null or p.budget_amount > 0 or coalesce(pr.total, 0) > 0)
      and exists (select 1 from time_entries e where e.project_id = p.id)`);
  const ids = (active.rows as Array<{ id: string }>).map((row) => row.id);
  const [unbilled, burns] = await Promise.all([
    getUnbilledValue({ db }),
    getProjectBurns(db, ids, today),
  ]);
  return {
    unbilled,
    burns: burns
      .filter((burn) => burn.percentUsed !== null)
      .sort((a, b) => (b.percentUsed ?? 0) - (a.percentUsed ?? 0))
      .slice(0, 6),
  };
}
