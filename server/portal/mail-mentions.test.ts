import { desc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { PORTAL_MENTION } from "#server/business/portal-mention.ts";
import { getClient } from "#server/clients/clients.ts";
import type { Db } from "#server/db/client.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { createInvoice } from "#server/invoices/editing.ts";
import { sendInvoice } from "#server/invoices/sending.ts";
import { acceptProposal } from "#server/proposals/acceptance.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import { invoiceInput, makeClient, makeProposal, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePortalClient, portalEnv } from "#tests/helpers/portal.ts";
import { revokeContact } from "./access";

async function mailsTo(db: Db, to: string, subject: RegExp) {
  const mails = await db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.to, to))
    .orderBy(desc(mailMessages.createdAt));
  return mails.filter((mail) => subject.test(mail.subject));
}

describeEachDatabase("client mails and the portal", (get) => {
  it("point a contact with portal access to the portal from the proposal, welcome and invoice mails", async () => {
    const { db } = get();
    const { client, contact } = await makePortalClient(db);
    const proposal = await makeProposal(db, client.id);
    const sent = await sendProposal({ db, env: portalEnv, actor: staff, id: proposal.id });
    await acceptProposal({
      db,
      env: portalEnv,
      publicId: sent.publicId,
      fullName: contact.name,
      hasAgreed: true,
      address: "203.0.113.4",
    });
    for (const subject of [/^Proposal: /, /^Welcome aboard: /, /^Invoice INV-/]) {
      const [mail] = await mailsTo(db, contact.email, subject);
      expect(mail, String(subject)).toBeDefined();
      expect(mail.text).toContain(`${PORTAL_MENTION}: http://frontier.test/portal`);
      expect(mail.html).toContain(`<a href="http://frontier.test/portal">${PORTAL_MENTION}</a>`);
    }
  });

  it("leave the portal out for a contact who was never invited or whose access was revoked", async () => {
    const { db } = get();
    const never = await makeClient(db);
    const invoice = await createInvoice({ db, actor: staff, input: invoiceInput(never.id) });
    await sendInvoice({ db, env: portalEnv, actor: staff, id: invoice.id });
    const [{ email }] = (await getClient({ db, id: never.id }))!.contacts;
    const [mail] = await mailsTo(db, email, /^Invoice INV-/);
    expect(mail.text).not.toContain(PORTAL_MENTION);

    const revoked = await makePortalClient(db);
    await revokeContact({
      db,
      actor: staff,
      clientId: revoked.client.id,
      contactId: revoked.contact.id,
    });
    const later = await createInvoice({
      db,
      actor: staff,
      input: invoiceInput(revoked.client.id),
    });
    await sendInvoice({ db, env: portalEnv, actor: staff, id: later.id });
    const [again] = await mailsTo(db, revoked.contact.email, /^Invoice INV-/);
    expect(again.text).not.toContain(PORTAL_MENTION);
  });
});
