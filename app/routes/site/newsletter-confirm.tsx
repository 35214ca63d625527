import { useActionData, useLoaderData } from "react-router";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { MailedLinkPage } from "#app/components/site/mailed-link-page.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { readForm } from "#server/form-body.ts";
import { confirmSubscription, readTrailKey } from "#server/newsletter/newsletter.ts";
import { seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/newsletter-confirm";

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

/** Confirming takes a press of a button: link scanners that open every URL in a mail confirm nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await confirmSubscription({
    db: context.db,
    token: String(form.get("token") ?? ""),
    // Only this browser's own sign-up brings its pages (decision 314).
    trailKey: readTrailKey(request),
  });
  return { result };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Confirm your subscription",
    description: "Confirm your subscription to the Digital Frontier newsletter.",
    path: "/newsletter/confirm",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export default function NewsletterConfirmPage() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <MailedLinkPage
      token={token}
      outcome={result === "confirmed" ? "done" : result}
      ask={{
        title: "Confirm your subscription",
        text: "One click and you will get our field notes once a month. You can leave at any time.",
        button: "Confirm subscription",
      }}
      done={{
        title: "You're subscribed",
        text: "Thanks for confirming. The next issue of our field notes will reach your inbox.",
        next: (
          <InternalLink to="/insights" className="btn-primary mt-8">
            Read the latest insights
          </InternalLink>
        ),
      }}
      invalid={{
        title: "This link no longer works",
        text: "The confirmation link was already used or has expired. Sign up again in the footer below and we will send a fresh one.",
      }}
    />
  );
}
