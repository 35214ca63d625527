import { recordAudit } from "#server/audit/audit.ts";
import type { Actor } from "#server/content-admin/revisions.ts";
import type { Db } from "#server/db/client.ts";
import { AppError, invalid } from "#server/errors.ts";
import { MailDeliveryError, sendMail } from "#server/mail/mailer.ts";
import { testSendSchema } from "#shared/content-admin/campaign-form.ts";
import { type MailEnv, renderCampaignMail } from "./campaign-mail";
import { getCampaign } from "./campaign-queries";

export async function sendTestCampaign({
  db,
  env,
  id,
  input,
  actor,
  address,
}: {
  db: Db;
  env: MailEnv;
  id: string;
  input: unknown;
  actor: Actor;
  address?: string;
}) {
  const parsed = testSendSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error, parsed.error.issues[0].message);
  const campaign = await getCampaign(db, id);
  if (!campaign) throw new AppError("NOT_FOUND", "This campaign no longer exists.");
  const mail = renderCampaignMail(campaign, { publicUrl: env.PUBLIC_URL, isTest: true });
  for (const to of parsed.data.to) {
    try {
      await sendMail({ db, env }, { to, ...mail });
    } catch (error) {
      if (error instanceof MailDeliveryError)
        throw new AppError("UNAVAILABLE", `The test to ${to} could not be sent: ${error.message}`);
      throw error;
    }
  }
  await recordAudit(db, {
    actorId: actor.id,
    action: "test-send",
    area: "campaigns",
    recordId: id,
    detail: { to: parsed.data.to },
    address,
  });
  return parsed.data.to;
}
