import { useActionData, useLoaderData } from "react-router";
import { MailedLinkPage } from "#app/components/site/mailed-link-page.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { readForm } from "#server/form-body.ts";
import { unsubscribeFromNewsletter } from "#server/newsletter/newsletter.ts";
import { seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

/**
 * One click on the page, or a mail client's RFC 8058 one-click POST
 * (body "List-Unsubscribe=One-Click", token in the URL).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? url.searchParams.get("token") ?? "");
  const result = await unsubscribeFromNewsletter({ db: context.db, token });
  return { result };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Unsubscribe",
    description: "Leave the Digital Frontier newsletter in one click.",
    path: "/newsletter/unsubscribe",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export default function NewsletterUnsubscribePage() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <MailedLinkPage
      token={token}
      outcome={result === "unsubscribed" ? "done" : result}
      ask={{
        title: "Leave the newsletter?",
        text: "Press the button and you will not receive the newsletter any more.",
        button: "Unsubscribe",
      }}
      done={{
        title: "You're unsubscribed",
        text: "We will not send you the newsletter again. Changed your mind? Sign up in the footer at any time.",
      }}
      invalid={{
        title: "We could not find that subscription",
        text: "The unsubscribe link is incomplete. Use the link from your most recent newsletter, or write to us and we will remove you by hand.",
      }}
    />
  );
}
