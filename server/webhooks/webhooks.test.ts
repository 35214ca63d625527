import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from "#server/db/schema/webhooks.ts";
import type { Env } from "#server/env.ts";
import type { AppError } from "#server/errors.ts";
import { jobHandlers } from "#server/jobs/handlers.ts";
import { claimJob, createJobRunner } from "#server/jobs/queue.ts";
import { createLead } from "#server/leads/leads.ts";
import { testEnv } from "#tests/helpers/chat.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { deliverWebhook, RETRY_DELAYS_SECONDS } from "./delivery";
import {
  checkEndpointUrl,
  createWebhookEndpoint,
  revealWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
} from "./endpoints";
import { verifyWebhookSignature } from "./signing";

const admin = { id: "admin-1", email: "admin@frontier.test", address: "127.0.0.1" };
const leadInput = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  company: undefined,
  service: "ai-ml",
  budget: "not-sure",
  timeline: "exploring",
  message: "We would like an evaluation set for our assistant.",
};

type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };

/** A receiver on this machine: records what arrives and answers with the statuses queued. */
function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body, path: request.url ?? "" });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { "Content-Type": "text/plain" });
      response.end(status === 200 ? "thanks" : `no: ${"x".repeat(2000)}`);
    });
  });
  return {
    received,
    answers,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeEachDatabase("outgoing webhooks", (get) => {
  const receiver = startReceiver();
  let origin = "";
  let env: Env;

  beforeAll(async () => {
    origin = await receiver.listen();
    env = testEnv({ PRIVATE_FETCH_ORIGINS: [origin] });
  });
  afterAll(() => receiver.close());
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
    // Each test has its own endpoints.
    await get().db.delete(webhookEndpoints);
  });

  const runner = () =>
    createJobRunner({ context: { db: get().db, database: get(), env }, handlers: jobHandlers });
  /** Time passes: the next try's job is due now. */
  const makeRetriesDue = () =>
    get().db.execute(
      sql`update jobs set run_at = now() where kind = 'webhook.deliver' and status = 'pending'`,
    );

  async function endpoint(events = ["lead.created"]) {
    return createWebhookEndpoint({
      db: get().db,
      env,
      input: { url: `${origin}/hooks`, description: "CRM", events },
      actor: admin,
    });
  }

  it("signs each delivery: the receiver checks the HMAC of the timestamp and the body", async () => {
    const created = await endpoint();
    const lead = await createLead({ db: get().db, input: leadInput });
    await runner().runDue();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const secret = await revealWebhookSecret({ db: get().db, id: created.id, actor: admin });
    expect(
      verifyWebhookSignature({
        secret,
        header: request.headers["frontier-signature"] as string,
        body: request.body,
      }),
    ).toBe(true);
    expect(
      verifyWebhookSignature({
        secret: `${secret}x`,
        header: request.headers["frontier-signature"] as string,
        body: request.body,
      }),
    ).toBe(false);
    expect(
      verifyWebhookSignature({
        secret,
        header: request.headers["frontier-signature"] as string,
        body: `${request.body} `,
      }),
    ).toBe(false);
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ type: "lead.created", data: { id: lead.id, source: "contact" } });
    expect(request.headers["frontier-event-id"]).toBe(body.id);
    expect(request.headers["content-type"]).toBe("application/json");
  });

  it("retries after a 500 with a growing wait, then delivers; the log keeps status and the first KB", async () => {
    const created = await endpoint();
    receiver.answers.push(500, 503);
    await createLead({ db: get().db, input: leadInput });
    await runner().runDue();
    const [delivery] = await get()
      .db.select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, created.id));
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    const wait = (delivery.nextAttemptAt?.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan((RETRY_DELAYS_SECONDS[0] - 5) * 1000);
    // Not before its time.
    await runner().runDue();
    expect(receiver.received).toHaveLength(1);
    await makeRetriesDue();
    await runner().runDue();
    await makeRetriesDue();
    await runner().runDue();
    expect(
      receiver.received.map((request) => request.headers["frontier-delivery-attempt"]),
    ).toEqual(["1", "2", "3"]);
    expect(
      new Set(receiver.received.map((request) => request.headers["frontier-event-id"])).size,
    ).toBe(1);
    const attempts = await get()
      .db.select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery.id))
      .orderBy(webhookAttempts.attempt);
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([500, 503, 200]);
    expect(Buffer.byteLength(attempts[0].responseBody ?? "")).toBeLessThanOrEqual(1024);
    expect(attempts[2].responseBody).toBe("thanks");
    const [done] = await get()
      .db.select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery.id));
    expect(done).toMatchObject({ status: "succeeded", attempts: 3 });
    expect(done.deliveredAt).toBeInstanceOf(Date);
  });

  it("takes up at once a try whose runner died mid-request, with the same event id", async () => {
    await endpoint();
    await createLead({ db: get().db, input: leadInput });
    // A runner claims the job and the delivery, sends, and is killed before the answer is
    // recorded: its job lease (1 s) is never renewed; the delivery's own lease says 60 s.
    const dead = await claimJob(get().db, { runnerId: "dead-host:3:cc", leaseMs: 1_000 });
    expect(dead?.kind).toBe("webhook.deliver");
    const [delivery] = await get()
      .db.update(webhookDeliveries)
      .set({
        attempts: 1,
        leaseUntil: sql`now() + interval '60 seconds'`,
        claimedBy: dead?.locked_by,
      })
      .returning();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await runner().runDue()).toBeGreaterThanOrEqual(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].headers["frontier-event-id"]).toBe(delivery.eventId);
    expect(receiver.received[0].headers["frontier-delivery-attempt"]).toBe("2");
    const [after] = await get()
      .db.select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery.id));
    expect(after).toMatchObject({ status: "succeeded", claimedBy: null });
  });

  it("never delivers twice after a success, even when the job runs again", async () => {
    await endpoint();
    await createLead({ db: get().db, input: leadInput });
    await runner().runDue();
    expect(receiver.received).toHaveLength(1);
    // The job is run again, as after a crash between the send and the job's end.
    await get().db.execute(
      sql`update jobs set status = 'pending', run_at = now() where kind = 'webhook.deliver'`,
    );
    await runner().runDue();
    const [delivery] = await get().db.select().from(webhookDeliveries);
    expect(await deliverWebhook({ db: get().db, env, deliveryId: delivery.id })).toBe("skipped");
    expect(receiver.received).toHaveLength(1);
    expect(delivery.attempts).toBe(1);
  });

  it("calls no disabled endpoint: switched off by an admin, or by the receiver's 410", async () => {
    const created = await endpoint();
    await createLead({ db: get().db, input: leadInput });
    // Switched off before its queued delivery runs: the delivery is cancelled, not sent.
    await setWebhookEndpointEnabled({
      db: get().db,
      id: created.id,
      isEnabled: false,
      actor: admin,
    });
    await createLead({ db: get().db, input: leadInput });
    await runner().runDue();
    expect(receiver.received).toHaveLength(0);
    const statuses = (await get().db.select().from(webhookDeliveries)).map((row) => row.status);
    expect(statuses).toEqual(["cancelled"]);

    const gone = await endpoint();
    receiver.answers.push(410);
    await createLead({ db: get().db, input: leadInput });
    await runner().runDue();
    expect(receiver.received).toHaveLength(1);
    const [after] = await get()
      .db.select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, gone.id));
    expect(after.isEnabled).toBe(false);
    expect(after.disabledReason).toMatch(/410/);
    await createLead({ db: get().db, input: leadInput });
    await makeRetriesDue();
    await runner().runDue();
    expect(receiver.received).toHaveLength(1);
  });

  it("sends only the events an endpoint asked for; a test ping goes at once, once", async () => {
    const created = await endpoint(["invoice.paid"]);
    await createLead({ db: get().db, input: leadInput });
    await runner().runDue();
    expect(receiver.received).toHaveLength(0);
    receiver.answers.push(500);
    const failed = await sendTestWebhook({ db: get().db, env, id: created.id, actor: admin });
    expect(failed).toMatchObject({ status: "failed", lastStatusCode: 500 });
    const sent = await sendTestWebhook({ db: get().db, env, id: created.id, actor: admin });
    expect(sent).toMatchObject({ status: "succeeded", lastStatusCode: 200 });
    await makeRetriesDue();
    await runner().runDue();
    expect(receiver.received.map((request) => JSON.parse(request.body).type)).toEqual([
      "ping",
      "ping",
    ]);
  });

  it("accepts only https addresses on public networks (the test receiver's origin aside)", () => {
    const refused = (url: string) => {
      try {
        checkEndpointUrl(url, env);
        return undefined;
      } catch (error) {
        return (error as AppError).fieldErrors?.url?.[0];
      }
    };
    expect(refused("http://hooks.example.com/in")).toMatch(/https/);
    expect(refused("https://10.0.0.8/in")).toMatch(/private/);
    expect(refused("https://localhost/in")).toMatch(/private/);
    expect(refused("https://user:pw@hooks.example.com/in")).toMatch(/password/);
    expect(refused("not an address")).toMatch(/complete address/);
    expect(refused("https://hooks.example.com/in")).toBeUndefined();
    expect(refused(`${origin}/hooks`)).toBeUndefined();
  });
});
