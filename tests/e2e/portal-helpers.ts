import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { createClient, getClient } from "#server/clients/clients.ts";
import { openDatabase } from "#server/db/client.ts";
import { inviteContact } from "#server/portal/access.ts";
import { createProject } from "#server/projects/projects.ts";
import { createProposal } from "#server/proposals/editing.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import { type ServerWithStaff, startServerWithStaff } from "#tests/helpers/auth.ts";
import { staff } from "#tests/helpers/business.ts";
import { latestPortalToken } from "#tests/helpers/portal.ts";
import { newDataDir } from "#tests/helpers/server.ts";

/** A browser a client uses, not a link-preview bot (which must not count as a first view). */
export const CLIENT_AGENT =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";

export type PortalStory = {
  server: ServerWithStaff;
  clientId: string;
  company: string;
  contact: { name: string; email: string };
  proposal: { id: string; title: string };
  stop(): Promise<void>;
};

/**
 * A server whose database already holds a client with one contact and a proposal
 * sent to them (5,000.00, 30 % deposit), made before it starts: the running server
 * owns its database, so a spec cannot write into it afterwards.
 */
export async function startPortalStory(): Promise<PortalStory> {
  const dataDir = await newDataDir("frontier-portal-e2e-");
  const unique = Math.random().toString(36).slice(2, 8);
  const company = `Lovelace Labs ${unique}`;
  const contact = { name: "Ada Lovelace", email: `ada-${unique}@client.example` };
  const database = await openDatabase({ dataDir });
  let clientId: string;
  let proposal: { id: string; title: string };
  try {
    const created = await createClient({
      db: database.db,
      actor: staff,
      input: {
        company,
        billingAddress: "12 Analytical Row\nLondon",
        currency: "USD",
        taxId: "",
        notes: "",
        contacts: [{ ...contact, phone: "", role: "Founder" }],
      },
    });
    clientId = created.id;
    const made = await createProposal({
      db: database.db,
      actor: staff,
      input: {
        title: `Engine platform ${unique}`,
        clientId,
        scope: "A platform for the difference engines.",
        approach: "Weekly demos.",
        timeline: "Eight weeks.",
        terms: "Net 14.",
        currency: "USD",
        discountKind: "none",
        discountValue: 0,
        depositPercent: 30,
        validUntil: "2999-12-31",
        items: [
          {
            description: "Build",
            quantity: 100,
            unitAmount: 500_000,
            taxRateBp: 0,
            kind: "one_off",
            interval: null,
          },
        ],
      },
    });
    await sendProposal({
      db: database.db,
      env: {
        PUBLIC_URL: "http://localhost",
        MAIL_FROM: "Frontier <hello@frontier.test>",
        SMTP_URL: undefined,
        STAFF_EMAIL: undefined,
      },
      actor: staff,
      id: made.id,
    });
    proposal = { id: made.id, title: made.title };
  } finally {
    await database.close();
  }
  const server = await startServerWithStaff({ dataDir, env: { TRUST_PROXY: "1" } });
  return {
    server,
    clientId,
    company,
    contact,
    proposal,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest portal link mailed to an address, read from the Outbox by an admin page. */
export async function portalLinkFromOutbox(adminPage: Page, url: string, to: string) {
  await adminPage.goto(`${url}/admin/outbox?to=${encodeURIComponent(to)}`);
  const html = await adminPage.content();
  const token = html.match(/portal\/sign-in\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no portal link for ${to} in the Outbox`);
  return `${url}/portal/sign-in?token=${token}`;
}

export type MessagesStory = {
  server: ServerWithStaff;
  clientId: string;
  company: string;
  contact: { name: string; email: string };
  project: { id: string; name: string };
  /** The contact's invitation link (path and query). */
  invitationPath: string;
  stop(): Promise<void>;
};

/**
 * A server whose database already holds a client, an active project and a contact invited
 * to the portal (the invitation's link read from the Outbox), made before it starts.
 */
export async function startMessagesStory(): Promise<MessagesStory> {
  const dataDir = await newDataDir("frontier-messages-e2e-");
  const unique = Math.random().toString(36).slice(2, 8);
  const company = `Babbage & Co ${unique}`;
  const contact = { name: "Charles Babbage", email: `charles-${unique}@client.example` };
  const database = await openDatabase({ dataDir });
  let clientId: string;
  let project: { id: string; name: string };
  let invitationPath: string;
  try {
    const created = await createClient({
      db: database.db,
      actor: staff,
      input: {
        company,
        billingAddress: "1 Dorset Street\nLondon",
        currency: "USD",
        taxId: "",
        notes: "",
        contacts: [{ ...contact, phone: "", role: "Director" }],
      },
    });
    clientId = created.id;
    const [{ id: contactId }] = (await getClient({ db: database.db, id: clientId }))!.contacts;
    await inviteContact({
      db: database.db,
      env: mailEnvForStory,
      actor: staff,
      clientId,
      contactId,
    });
    invitationPath = `/portal/sign-in?token=${await latestPortalToken(database.db, contact.email)}`;
    const made = await createProject({
      db: database.db,
      actor: staff,
      input: {
        name: `Difference engine ${unique}`,
        clientId,
        proposalId: null,
        status: "active",
        startDate: null,
        dueDate: null,
        budgetAmount: 0,
        currency: "USD",
        teamMembers: [{ name: "Grace", role: "Lead engineer" }],
        milestones: [],
      },
    });
    project = { id: made.id, name: made.name };
  } finally {
    await database.close();
  }
  const server = await startServerWithStaff({ dataDir, env: { TRUST_PROXY: "1" } });
  return {
    server,
    clientId,
    company,
    contact,
    project,
    invitationPath,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const mailEnvForStory = {
  PUBLIC_URL: "http://localhost",
  MAIL_FROM: "Frontier <hello@frontier.test>",
  SMTP_URL: undefined,
  STAFF_EMAIL: undefined,
};
