import { requireRole } from "#server/auth/guard.ts";
import { readForm } from "#server/form-body.ts";
import { renderCampaignMail } from "#server/marketing/campaign-mail.ts";
import type { Route } from "./+types/campaign-preview";

/** The campaign mail as a subscriber will see it (the editor's live preview). */
export async function action(args: Route.ActionArgs) {
  await requireRole(args, "admin");
  const form = await readForm(args.request);
  const mail = renderCampaignMail(
    {
      subject: String(form.get("subject") ?? "").slice(0, 150),
      previewText: String(form.get("previewText") ?? "").slice(0, 200),
      body: String(form.get("body") ?? "").slice(0, 100_000),
    },
    { publicUrl: args.context.env.PUBLIC_URL, unsubscribeToken: "preview" },
  );
  return { html: mail.html, subject: mail.subject };
}
