import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerWithStaff, signInCookie, startServerWithStaff } from "#tests/helpers/auth.ts";
import { fetchFormTokens } from "#tests/helpers/form-token.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";
import {
  type Body,
  bodyArb,
  describeRequest,
  type Field,
  fieldsArb,
  garbageBody,
  type HostileRequest,
  sendAll,
  tableCounts,
} from "./hostile-helpers";

// Property-based hostile input against every public form and admin action of a
// real running server (docs/decisions/700-hostile-input-testing.md). Two phases:
// 1. "refused": inputs that are invalid by construction; every answer must be a
//    4xx, and (checked with the server stopped) no table of content changed;
// 2. "anything": near-valid and garbage inputs; no answer may be a 5xx.

const AUTH_SECRET = "hostile-input-test-secret-0123456789abcdef";
const HUMAN_PAUSE_MS = 3_200;
const BATCH = 8;
/** HOSTILE_SCALE=0.2 makes a quick run while working on a fix. */
const SCALE = Number(process.env.HOSTILE_SCALE ?? 1);
/**
 * The generated properties are bounded by their number of requests, not by time: an idle
 * machine runs each in about 100 s, one busy with other suites can take five times that.
 */
const HEAVY_TIMEOUT_MS = 900_000;
/** Tables that refused requests may legitimately write: rate-limit and session bookkeeping. */
const BOOKKEEPING = new Set([
  "form_submissions",
  "auth_rate_limits",
  "auth_sessions",
  "sessions",
  "auth_verifications",
  "audit_log",
  "audit_events",
  // The server's own scheduler adds its recurring jobs while it runs.
  "jobs",
]);

const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-hostile-"));
let server: RunningServer;
let staffServer: ServerWithStaff;
let cookie = "";
/** A well-formed id that names no row. */
const ZERO_ID = "00000000-0000-0000-0000-000000000000";
let formToken = "";
let insightSlug = "";
let generated = 0;
const startedAt = Date.now();

type Target = {
  path: string;
  fields: Record<string, string[]>;
  fixed: Field[];
  admin: boolean;
};
const adminTargets: Target[] = [];
const publicTargets: Target[] = [];

const unescapeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const attr = (attrs: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1] as string | undefined;

/** Actions that would lock the test out or remove what later runs need. */
function isDangerous(actionPath: string, intent: string | undefined) {
  if (/^\/(logout|login)\b|^\/admin\/account\b/.test(actionPath)) return true;
  if (actionPath.startsWith("/admin/team") && intent !== "invite") return true;
  return /delete|disable|set-role|withdraw|void|archive|remove|revoke|restore/.test(intent ?? "");
}

/** Every POST form on a page: its action, its fields with their current values, its intents. */
function formsOf(html: string, pagePath: string): Target[] {
  const targets: Target[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, attrs, inner] = match;
    if (!/method="post"/i.test(attrs)) continue;
    const actionPath = unescapeHtml(attr(attrs, "action") ?? pagePath);
    const fields: Record<string, string[]> = {};
    const intents = new Set<string>();
    for (const control of inner.matchAll(/<(input|button)\b([^>]*)>/g)) {
      const name = attr(control[2], "name");
      if (!name) continue;
      const value = unescapeHtml(attr(control[2], "value") ?? "");
      if (name === "intent") intents.add(value);
      else fields[name] = [...(fields[name] ?? []), value];
    }
    for (const select of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const name = attr(select[1], "name");
      if (name)
        fields[name] = [...select[2].matchAll(/<option\b[^>]*value="([^"]*)"/g)].map((option) =>
          unescapeHtml(option[1]),
        );
    }
    for (const area of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
      const name = attr(area[1], "name");
      if (name) fields[name] = [unescapeHtml(area[2])];
    }
    for (const intent of intents.size ? intents : [undefined]) {
      if (isDangerous(actionPath, intent)) continue;
      targets.push({
        path: actionPath,
        fields,
        fixed: intent === undefined ? [] : [["intent", intent]],
        admin: actionPath.startsWith("/admin"),
      });
    }
  }
  return targets;
}

async function html(pagePath: string) {
  const response = await fetch(`${server.url}${pagePath}`, { headers: { Cookie: cookie } });
  return response.ok ? response.text() : "";
}

/** Admin actions sent by fetchers (no <form> on the page), with fuzzable ids. */
const fetcherActions: Array<[string, string[], string[]]> = [
  ["/admin/insights/edit/{insight}", ["restore"], ["revisionId", "title", "body"]],
  ["/admin/content/autosave", [], ["kind", "id", "title", "body"]],
  ["/admin/chat?index", ["assign", "close", "reopen", "reply", "link-client"], ["id", "body"]],
  ["/admin/comments?index", ["approve", "reject", "spam"], ["ids"]],
  ["/admin/subscribers?index", ["add", "delete", "import", "preview"], ["email", "ids", "csv"]],
  ["/admin/seo?index", ["create-redirect", "delete-redirect", "save-override", "save-robots"], []],
  ["/admin/team?index", ["disable", "enable", "set-role", "send-reset"], ["id", "role"]],
  ["/admin/clients?index", ["archive", "convert", "create"], ["leadId", "name", "email"]],
  ["/admin/campaigns?index", [], ["insightId"]],
  ["/admin/content/preview", [], ["markdown"]],
  ["/admin/campaigns/preview", [], ["subject", "previewText", "body"]],
];

beforeAll(async () => {
  staffServer = await startServerWithStaff({
    dataDir,
    env: { TRUST_PROXY: "true", AUTH_SECRET },
  });
  server = staffServer;
  cookie = await signInCookie(server, staffServer.staff.admin);

  // As a public form gets it when a visitor starts filling it (aged below, before the runs).
  [formToken] = await fetchFormTokens(server.url, { isAged: false });
  const sitemap = await html("/sitemap.xml");
  insightSlug = /\/insights\/([\w-]+)<\/loc>/.exec(sitemap)?.[1] ?? "missing";

  // Discover the command center's forms from its pages, including edit screens.
  const lists = [
    "/admin",
    "/admin/clients",
    "/admin/proposals",
    "/admin/proposals/create",
    "/admin/invoices",
    "/admin/invoices/create",
    "/admin/projects",
    "/admin/projects/create",
    "/admin/case-studies",
    "/admin/case-studies/create",
    "/admin/insights",
    "/admin/insights/create",
    "/admin/testimonials",
    "/admin/testimonials/create",
    "/admin/comments",
    "/admin/campaigns",
    "/admin/campaigns/create",
    "/admin/subscribers",
    "/admin/header",
    "/admin/seo",
    "/admin/podcasts",
    "/admin/podcasts/create",
    "/admin/chat",
    "/admin/youtube-sync",
    "/admin/team",
  ];
  const pages = new Set(lists);
  const ids: Record<string, string> = {};
  for (const list of lists) {
    const page = await html(list);
    for (const link of page.matchAll(/href="(\/admin\/[\w-]+\/(?:edit\/)?[\w-]{8,})"/g)) {
      if (!/\/(create|preview)$/.test(link[1])) pages.add(link[1]);
      const insight = /\/admin\/insights\/edit\/([\w-]+)/.exec(link[1]);
      if (insight) ids.insight = insight[1];
    }
    for (const proposal of page.matchAll(/\/proposal\/([0-9a-f-]{36})/g))
      ids.proposal = proposal[1];
  }
  for (const page of pages) {
    const found = formsOf(await html(page), page);
    adminTargets.push(...found.filter((target) => target.admin));
  }
  for (const [template, intents, fields] of fetcherActions) {
    const actionPath = template.replace("{insight}", ids.insight ?? ZERO_ID);
    for (const intent of intents.length ? intents : [undefined])
      adminTargets.push({
        path: actionPath,
        fields: Object.fromEntries(fields.map((field) => [field, []])),
        fixed: intent ? [["intent", intent]] : [],
        admin: true,
      });
  }

  const bot = { formToken: [formToken], website: [""] };
  publicTargets.push(
    {
      path: "/contact",
      fields: {
        ...bot,
        name: ["Ada"],
        email: ["ada@example.com"],
        company: ["Acme"],
        service: ["ai-ml", "other"],
        budget: ["not-sure"],
        timeline: ["exploring"],
        message: ["We would like to rebuild our booking platform this year."],
      },
      fixed: [],
      admin: false,
    },
    {
      path: `/insights/${insightSlug}`,
      fields: { ...bot, name: ["Ada"], email: ["ada@example.com"], body: ["A thoughtful reply."] },
      fixed: [],
      admin: false,
    },
    {
      path: "/newsletter",
      fields: { ...bot, email: ["ada@example.com"] },
      fixed: [],
      admin: false,
    },
    ...["send", "profile", "offline", "read", "bogus"].map((intent) => ({
      path: "/api/chat",
      fields: { body: ["Hello there"], name: ["Ada"], email: ["ada@example.com"] },
      fixed: [["intent", intent]] as Field[],
      admin: false,
    })),
    ...["/newsletter/confirm", "/newsletter/unsubscribe", "/reset-password", "/accept-invite"].map(
      (formPath) => ({
        path: formPath,
        fields: { token: [], name: ["Ada"], password: [], confirmPassword: [] },
        fixed: [],
        admin: false,
      }),
    ),
    {
      path: "/login",
      fields: {
        email: ["nobody@example.com"],
        password: [],
        redirectTo: ["/admin", "//evil.test"],
      },
      fixed: [],
      admin: false,
    },
    {
      path: "/forgot-password",
      fields: { email: ["nobody@example.com"] },
      fixed: [],
      admin: false,
    },
    { path: "/setup", fields: { name: [], email: [], password: [] }, fixed: [], admin: false },
    ...["accept", "decline"].map((intent) => ({
      path: `/proposal/${ids.proposal ?? ZERO_ID}`,
      fields: { fullName: ["Ada Client"], agree: ["on"], version: ["1"], reason: [] },
      fixed: [["intent", intent]] as Field[],
      admin: false,
    })),
    ...["save", "submit", "upload", "remove-file"].map((intent) => ({
      path: `/onboarding/${ZERO_ID}`,
      fields: { stepId: [], nextStep: [], fileId: [], file: [] },
      fixed: [["intent", intent]] as Field[],
      admin: false,
    })),
    {
      path: `/onboarding/${ZERO_ID}/autosave`,
      fields: { stepId: ["company"], step: ["0", "-1", "1.5"], companyName: [] },
      fixed: [],
      admin: false,
    },
  );
  // The form token is only accepted once the form has been open as long as a person needs.
  await new Promise((resolve) => setTimeout(resolve, HUMAN_PAUSE_MS));
}, budget(120_000));

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `hostile-forms: ${generated} generated requests in ${Math.round((Date.now() - startedAt) / 1000)} s`,
  );
});

/** What went wrong, one example per action and status (a failing run lists them all). */
const failures = new Map<string, string>();

function keyOf(request: HostileRequest, status: number) {
  const intent =
    request.body.kind === "raw" ? "" : request.body.fields.find(([name]) => name === "intent")?.[1];
  return `${status} ${request.path.replace(/[0-9a-f-]{36}/g, ":id")}${intent ? ` intent=${intent.slice(0, 20)}` : ""}`;
}

/** Sends a batch; records every answer that is a 5xx (or not what `accept` allows). */
async function check(
  requests: HostileRequest[],
  accept: (status: number) => boolean = (status) => status < 500,
) {
  generated += requests.length;
  const answers = await sendAll(server, requests);
  answers.forEach((answer, index) => {
    if (accept(answer.status)) return;
    const key = keyOf(requests[index], answer.status);
    if (!failures.has(key))
      failures.set(
        key,
        `${describeRequest(requests[index]).slice(0, 600)}\n  -> ${answer.text
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .slice(0, 300)}`,
      );
  });
}

/** Runs a batch property and then fails listing every distinct failure it found. */
async function run(
  arb: fc.Arbitrary<HostileRequest>,
  numRuns: number,
  accept?: (status: number) => boolean,
) {
  failures.clear();
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(arb, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await check(batch, accept);
      }),
      { numRuns: Math.ceil(numRuns * SCALE) },
    );
    expect([...failures.entries()].map(([key, example]) => `${key}: ${example}`)).toEqual([]);
  } catch (error) {
    // Printed too, so that an attempt a retry then passes still leaves its reason in the log.
    console.log(
      `hostile-forms: an attempt failed: ${String(error).slice(0, 2000)}\n${[...failures.values()].join("\n")}`,
    );
    throw error;
  }
}

const requestArb = (target: Target, body: fc.Arbitrary<Body>) =>
  body.map(
    (b): HostileRequest => ({
      path: target.path,
      body: b,
      cookie: target.admin ? cookie : undefined,
    }),
  );

/** "<path>.data": where the browser's own (single fetch) submissions go; no page is rendered. */
const dataPath = (formPath: string) => formPath.replace(/(\?|$)/, ".data$1");

/** Near-valid and garbage requests for one of the targets, mostly as the browser's script sends them. */
function anythingArb(targets: Target[]) {
  return fc
    .tuple(fc.constantFrom(...targets), fc.integer({ min: 0, max: 3 }))
    .chain(([target, how]) =>
      requestArb(
        how === 0 ? target : { ...target, path: dataPath(target.path) },
        bodyArb(fieldsArb(target.fields, target.fixed)),
      ),
    );
}

/**
 * An input that must be refused: the target's real field names, each with a
 * value no form accepts (100,001 characters), so whatever field the action
 * validates first, it has to say no, before it writes anything.
 */
function refusedArb(targets: Target[]) {
  return fc.tuple(fc.constantFrom(...targets), fc.boolean()).map(([target, multipart]) => {
    const fields: Field[] = [
      ...target.fixed,
      ...Object.entries(target.fields).map(
        ([name, good]): Field => [
          name,
          ["formToken", "website", "id", "ids"].includes(name)
            ? (good[0] ?? "")
            : "Z".repeat(100_001),
        ],
      ),
    ];
    return {
      path: target.path,
      cookie: target.admin ? cookie : undefined,
      body: { kind: multipart ? "multipart" : "urlencoded", fields } as Body,
    };
  });
}

describe("hostile input", () => {
  it("discovers the forms", () => {
    expect(formToken).not.toBe("");
    expect(insightSlug).not.toBe("missing");
    expect(adminTargets.length).toBeGreaterThan(20);
  });

  it(
    "refuses invalid submissions with a 4xx and writes nothing",
    async () => {
      const refusable = [
        ...publicTargets.filter((target) => ["/contact", "/newsletter"].includes(target.path)),
        ...publicTargets.filter((target) => target.path.startsWith("/insights/")),
        ...adminTargets.filter((target) => Object.keys(target.fields).length > 0),
      ].filter(
        (target) =>
          // Previews only render what they are sent; they write nothing.
          !target.path.includes("/preview") &&
          Object.keys(target.fields).some(
            (name) => !["formToken", "website", "id", "ids"].includes(name),
          ),
      );
      await server.stop();
      const before = await tableCounts(dataDir);
      server = await startServer({ dataDir, env: { TRUST_PROXY: "true", AUTH_SECRET } });
      let refusals: string[] = [];
      let after: Record<string, number> = {};
      try {
        failures.clear();
        await fc.assert(
          fc.asyncProperty(
            fc.array(refusedArb(refusable), { minLength: BATCH, maxLength: BATCH }),
            (batch) => check(batch, (status) => status >= 400 && status < 500),
          ),
          { numRuns: Math.ceil(60 * SCALE) },
        );
        refusals = [...failures.entries()].map(([key, example]) => `${key}: ${example}`);
      } finally {
        await server.stop();
        after = await tableCounts(dataDir);
        server = await startServer({ dataDir, env: { TRUST_PROXY: "true", AUTH_SECRET } });
      }
      const changed = Object.keys(after).filter(
        (table) => !BOOKKEEPING.has(table) && after[table] !== before[table],
      );
      expect(changed.map((table) => `${table}: ${before[table]} -> ${after[table]}`)).toEqual([]);
      expect(refusals).toEqual([]);
    },
    HEAVY_TIMEOUT_MS,
  );

  it(
    "never answers a public form with a 5xx",
    async () => {
      await run(anythingArb(publicTargets), 600);
    },
    HEAVY_TIMEOUT_MS,
  );

  it(
    "never answers an admin action with a 5xx",
    async () => {
      await run(anythingArb(adminTargets), 450);
    },
    HEAVY_TIMEOUT_MS,
  );

  it("answers an admin address whose id is malformed with a 4xx, never a 5xx", async () => {
    const areas = ["proposals", "invoices", "projects", "case-studies", "insights"];
    const more = ["testimonials", "campaigns", "podcasts"];
    const templates = [
      ...[...areas, ...more].map((area) => `/admin/${area}/edit/{id}`),
      "/admin/proposals/{id}/pdf",
      "/admin/invoices/{id}/pdf",
      `/admin/projects/${ZERO_ID}/files/{id}`,
      "/admin/clients/{id}",
      "/admin/insights/preview?id={id}",
      "/admin/case-studies/preview?id={id}",
    ];
    const malformed = ["-".repeat(36), "x", `${ZERO_ID.slice(0, 35)}g`, "9".repeat(400), "%27--"];
    const answers: string[] = [];
    for (const template of templates)
      for (const id of malformed) {
        const address = template.replace("{id}", id);
        const response = await fetch(`${server.url}${address}`, {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        await response.arrayBuffer();
        if (response.status < 400 || response.status >= 500)
          answers.push(`${address}: ${response.status}`);
      }
    expect(answers).toEqual([]);
  });

  it("answers admin lists asked for odd pages, sorts and filters with a page, never a 5xx", async () => {
    const lists = [
      ...["invoices", "proposals", "projects", "clients", "insights", "case-studies"],
      ...["testimonials", "campaigns", "podcasts", "subscribers", "comments", "chat", "audit"],
    ];
    const queries = [
      "?page=1e309&pageSize=-5&sort=x&dir=up",
      "?page=-3",
      "?q=%ff&status=%ff&tag=%ff",
      `?q=${"a".repeat(3000)}`,
      "?status=overdue&c=x&area=x",
    ];
    const answers: string[] = [];
    for (const list of lists)
      for (const query of queries) {
        const response = await fetch(`${server.url}/admin/${list}${query}`, {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        await response.arrayBuffer();
        if (response.status >= 500)
          answers.push(`${list}${query.slice(0, 40)}: ${response.status}`);
      }
    expect(answers).toEqual([]);
  });

  it("answers odd public addresses with a page or a 4xx, never a 5xx", async () => {
    const long = "a".repeat(5000);
    const addresses = [
      ...["/insights/", "/case-studies/", "/services/", "/proposal/", "/onboarding/"].flatMap(
        (prefix) => [
          `${prefix}%00`,
          `${prefix}%ff`,
          `${prefix}${long}`,
          `${prefix}${"-".repeat(32)}`,
        ],
      ),
      "/insights?tag=%00",
      "/insights?q=%00",
      `/insights?q=${long}`,
      "/insights?page=abc&tag=%ff",
      "/case-studies?area=%00",
      "/podcasts?page=-1",
      "/podcasts?page=1e309",
      "/uploads/..%2f..%2fpackage.json",
      "/uploads/%2e%2e/%2e%2e/package.json",
      "/newsletter/t/%00/open",
      "/newsletter/confirm?token=%00",
      "/reset-password?token=%00",
      "/login?redirectTo=%00",
      "/%00",
    ];
    const answers: string[] = [];
    for (const address of addresses) {
      const response = await fetch(`${server.url}${address}`, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status >= 500) answers.push(`${address.slice(0, 60)}: ${response.status}`);
    }
    expect(answers).toEqual([]);
    const nul = await fetch(`${server.url}/insights/%00`);
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("NUL character");
  });

  it(
    "never answers a garbage body with a 5xx, anywhere",
    async () => {
      const everywhere = [...publicTargets, ...adminTargets];
      const arb = fc.tuple(fc.constantFrom(...everywhere), garbageBody, fc.boolean()).map(
        ([target, body, dataRequest]): HostileRequest => ({
          // The browser's own requests go to "<path>.data" (single fetch).
          path: dataRequest ? dataPath(target.path) : target.path,
          body,
          cookie: target.admin ? cookie : undefined,
        }),
      );
      await run(arb, 150);
      expect(generated).toBeGreaterThanOrEqual(10_000 * SCALE);
    },
    HEAVY_TIMEOUT_MS,
  );
});
