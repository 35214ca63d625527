import { count, eq } from "drizzle-orm";
import { webhookDeliveries } from "#server/db/schema/webhooks.ts";
import { parseEnv } from "#server/env.ts";
import { createLead } from "#server/leads/leads.ts";
import { createWebhookEndpoint } from "#server/webhooks/endpoints.ts";
import {
  type DrillResult,
  freshSite,
  killHard,
  removeDir,
  repeats,
  startProduct,
  startReceiver,
  waitFor,
  withDatabase,
} from "./lib";

const EVENTS = 300;

export async function webhooksDrill(): Promise<DrillResult> {
  const dataDir = await freshSite("webhooks");
  const receiver = await startReceiver(20);
  const { origin, received } = receiver;
  try {
    const env = { PRIVATE_FETCH_ORIGINS: origin };
    const eventIds = await withDatabase(dataDir, async (db) => {
      const appEnv = parseEnv({ ...process.env, DATA_DIR: dataDir, ...env });
      await createWebhookEndpoint({
        db,
        env: appEnv,
        input: { url: `${origin}/hooks`, description: "Drill", events: ["lead.created"] },
        actor: { id: "drill", email: "drill@frontier.test", address: "127.0.0.1" },
      });
      for (let index = 0; index < EVENTS; index++)
        await createLead({
          db,
          input: {
            name: `Lead ${index}`,
            email: `lead-${index}@example.com`,
            company: undefined,
            service: "ai-ml",
            budget: "not-sure",
            timeline: "exploring",
            message: "A webhook drill.",
          },
        });
      const rows = await db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries);
      return rows.map((row) => row.eventId);
    });
    const first = await startProduct({ dataDir, env });
    await waitFor(() => received.length >= EVENTS * 0.3, 120_000);
    await killHard(first);
    const atKill = received.length;
    const second = await startProduct({ dataDir, env });
    await waitFor(() => new Set(received).size >= eventIds.length, 180_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await second.stop();

    const { times, twice: duplicated } = repeats(received);
    const missing = eventIds.filter((id) => !times.has(id)).length;
    const unknown = [...times.keys()].filter((id) => !eventIds.includes(id)).length;
    const succeeded = await withDatabase(dataDir, async (db) => {
      const [{ total }] = await db
        .select({ total: count() })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, "succeeded"));
      return total;
    });
    return {
      name: "webhooks",
      ok: missing === 0 && unknown === 0 && duplicated <= 1 && succeeded === eventIds.length,
      counts: [
        ["events", eventIds.length],
        ["delivered before the kill", atKill],
        ["events delivered", times.size],
        ["missing", missing],
        ["delivered twice (same event id)", duplicated],
        ["deliveries recorded succeeded", succeeded],
      ],
    };
  } finally {
    await receiver.close();
    removeDir(dataDir);
  }
}
