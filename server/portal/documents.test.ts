import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { extractPdfText } from "#server/business/pdf.ts";
import { getClientTimeline } from "#server/clients/timeline.ts";
import type { Db } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { createInvoice } from "#server/invoices/editing.ts";
import { recordPayment } from "#server/invoices/payments.ts";
import { sendInvoice } from "#server/invoices/sending.ts";
import { voidInvoice } from "#server/invoices/voiding.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import { canonicalJson, snapshotSha256 } from "#server/proposals/snapshot.ts";
import { invoiceInput, makeProposal, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePortalClient, portalEnv } from "#tests/helpers/portal.ts";
import { getPortalHome } from "./home";
import {
  downloadPortalInvoice,
  downloadPortalStatement,
  listPortalInvoices,
  openPortalInvoice,
} from "./invoices";
import {
  acceptPortalProposal,
  declinePortalProposal,
  downloadPortalProposal,
  listPortalProposals,
  openPortalProposal,
} from "./proposals";
import { findPortalViewer } from "./session";

async function viewerFor(db: Db, cookie: string) {
  const viewer = await findPortalViewer({
    db,
    env: portalEnv,
    request: new Request("http://frontier.test/portal", { headers: { Cookie: cookie } }),
  });
  if (!viewer) throw new Error("not signed in");
  return viewer;
}

async function sentProposal(db: Db, clientId: string) {
  const proposal = await makeProposal(db, clientId);
  await sendProposal({ db, env: portalEnv, actor: staff, id: proposal.id });
  return proposal;
}

async function sentInvoice(db: Db, clientId: string, overrides = {}) {
  const invoice = await createInvoice({
    db,
    actor: staff,
    input: invoiceInput(clientId, overrides),
  });
  await sendInvoice({ db, env: portalEnv, actor: staff, id: invoice.id });
  return invoice;
}

const address = "203.0.113.5";

describeEachDatabase("client portal documents", (get) => {
  it("accepting in the portal records the contact, the address and the snapshot's SHA-256 on the signed PDF", async () => {
    const { db } = get();
    const { client, contact, cookie } = await makePortalClient(db);
    const viewer = await viewerFor(db, cookie);
    const proposal = await sentProposal(db, client.id);
    const draft = await makeProposal(db, client.id);
    expect((await listPortalProposals({ db, clientId: client.id })).map((row) => row.id)).toEqual([
      proposal.id,
    ]);
    await expect(
      openPortalProposal({ db, env: portalEnv, viewer, proposalId: draft.id, address }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const opened = await openPortalProposal({
      db,
      env: portalEnv,
      viewer,
      proposalId: proposal.id,
      address,
    });
    expect(opened.status).toBe("viewed");
    await openPortalProposal({ db, env: portalEnv, viewer, proposalId: proposal.id, address });
    const views = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.area, "portal"),
          eq(auditEvents.action, "proposal-viewed"),
          eq(auditEvents.recordId, client.id),
        ),
      );
    expect(views).toHaveLength(1);

    await acceptPortalProposal({
      db,
      env: portalEnv,
      viewer,
      proposalId: proposal.id,
      fullName: "Ada Client",
      hasAgreed: true,
      version: opened.updatedAt.toISOString(),
      address,
    });
    const [accepted] = await db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(accepted).toMatchObject({
      status: "accepted",
      acceptedName: "Ada Client",
      acceptedAddress: address,
      acceptedContactId: contact.id,
      acceptedEmail: contact.email,
    });
    // The stored hash is the snapshot's, recomputable from the stored copy.
    expect(accepted.acceptedSnapshotSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshotSha256(accepted.acceptedSnapshot!)).toBe(accepted.acceptedSnapshotSha256);
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');

    const { pdf } = await downloadPortalProposal({
      db,
      viewer,
      proposalId: proposal.id,
      address,
      locale: "en-US",
    });
    const text = extractPdfText(pdf);
    expect(text).toContain("Acceptance record");
    expect(text).toContain("Ada Client");
    expect(text).toContain(`${contact.email} (client portal)`);
    expect(text).toContain(address);
    expect(text).toContain(accepted.acceptedSnapshotSha256);

    const [signed] = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.area, "proposals"),
          eq(auditEvents.action, "accept"),
          eq(auditEvents.recordId, proposal.id),
        ),
      );
    expect(signed).toMatchObject({ actorId: null, actorEmail: contact.email, address });
    expect(signed.detail).toMatchObject({ contactId: contact.id, via: "portal" });
  });

  it("never lets a contact open, answer or download another client's proposal", async () => {
    const { db } = get();
    const a = await makePortalClient(db);
    const b = await makePortalClient(db);
    const viewer = await viewerFor(db, a.cookie);
    const theirs = await sentProposal(db, b.client.id);
    const common = { db, env: portalEnv, viewer, proposalId: theirs.id, address };
    await expect(openPortalProposal(common)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      acceptPortalProposal({ ...common, fullName: "Mallory", hasAgreed: true }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(declinePortalProposal({ ...common, reason: "no" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(downloadPortalProposal({ ...common, locale: "en-US" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const [untouched] = await db.select().from(proposals).where(eq(proposals.id, theirs.id));
    expect(untouched).toMatchObject({ status: "sent", firstViewedAt: null });
  });

  it("keeps an invoice's first view, lists only what the client was sent, and mirrors it in the timeline", async () => {
    const { db } = get();
    const { client, contact, cookie } = await makePortalClient(db);
    const viewer = await viewerFor(db, cookie);
    const invoice = await sentInvoice(db, client.id);
    await createInvoice({ db, actor: staff, input: invoiceInput(client.id) });
    const unsentVoid = await createInvoice({ db, actor: staff, input: invoiceInput(client.id) });
    await voidInvoice({ db, actor: staff, id: unsentVoid.id, reason: "typo" });
    expect((await listPortalInvoices({ db, clientId: client.id })).map((row) => row.id)).toEqual([
      invoice.id,
    ]);

    const opened = await openPortalInvoice({ db, viewer, invoiceId: invoice.id, address });
    expect(opened.firstViewedAt).toBeInstanceOf(Date);
    await openPortalInvoice({ db, viewer, invoiceId: invoice.id, address });
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row.firstViewedAt?.getTime()).toBe(opened.firstViewedAt?.getTime());

    const { pdf } = await downloadPortalInvoice({
      db,
      viewer,
      invoiceId: invoice.id,
      address,
      locale: "en-US",
    });
    expect(extractPdfText(pdf)).toContain(invoice.number);
    const timeline = await getClientTimeline({ db, clientId: client.id });
    const portal = timeline.filter((event) => event.kind === "portal").map((event) => event.title);
    expect(portal).toEqual(
      expect.arrayContaining([
        `${contact.name} signed in to the portal for the first time (invitation)`,
        `${contact.name} opened invoice ${invoice.number}`,
        `${contact.name} downloaded invoice ${invoice.number}`,
        `Portal invitation sent to ${contact.name}`,
      ]),
    );
    expect(portal.filter((title) => title.includes("opened invoice"))).toHaveLength(1);
  });

  it("never lets a contact open or download another client's invoice", async () => {
    const { db } = get();
    const a = await makePortalClient(db);
    const b = await makePortalClient(db);
    const viewer = await viewerFor(db, a.cookie);
    const theirs = await sentInvoice(db, b.client.id);
    await expect(
      openPortalInvoice({ db, viewer, invoiceId: theirs.id, address }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      downloadPortalInvoice({ db, viewer, invoiceId: theirs.id, address, locale: "en-US" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [row] = await db.select().from(invoices).where(eq(invoices.id, theirs.id));
    expect(row.firstViewedAt).toBeNull();
    const home = await getPortalHome({ db, clientId: a.client.id });
    expect(JSON.stringify(home)).not.toContain(theirs.id);
  });

  it("puts an open invoice first on the home page and a statement in PDF and CSV with the figures", async () => {
    const { db } = get();
    const { client, cookie } = await makePortalClient(db);
    const viewer = await viewerFor(db, cookie);
    const invoice = await sentInvoice(db, client.id, {
      issueDate: "2026-03-01",
      dueDate: "2999-03-15",
    });
    // 10 h x 120.00 + 20 % tax = 1,440.00; 400.00 paid.
    await recordPayment({
      db,
      actor: staff,
      invoiceId: invoice.id,
      amount: 400_00,
      paidOn: "2026-03-05",
      method: "card",
    });
    const home = await getPortalHome({ db, clientId: client.id });
    expect(home.attention[0]).toMatchObject({
      kind: "invoice",
      id: invoice.id,
      balance: 1_040_00,
      isOverdue: false,
    });

    const csv = await downloadPortalStatement({
      db,
      viewer,
      from: "2026-03-01",
      to: "2026-03-31",
      format: "csv",
      address,
      locale: "en-US",
    });
    const text = csv.body.toString("utf8");
    expect(text).toContain(`USD,2026-03-01,Invoice,${invoice.number}`);
    expect(text).toContain("USD,2026-03-31,Closing balance,,,,,1040.00");
    const pdf = await downloadPortalStatement({
      db,
      viewer,
      from: "2026-03-01",
      to: "2026-03-31",
      format: "pdf",
      address,
      locale: "en-US",
    });
    const pdfText = extractPdfText(pdf.body);
    expect(pdfText).toContain("$1,440.00");
    expect(pdfText).toContain("$1,040.00");
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "statement-downloaded"), eq(auditEvents.recordId, client.id)),
      );
    expect(event.detail).toMatchObject({ from: "2026-03-01", to: "2026-03-31" });
  });
});
