import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { MailedLinkPage } from "#app/components/site/mailed-link-page.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { AppError } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { MailDeliveryError } from "#server/mail/mailer.ts";
import { unsubscribeFromNewsletter } from "#server/newsletter/newsletter.ts";
import { requestOwnDataExport } from "#server/personal-data/self-export.ts";
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
  // A copy of one's data, mailed as a one-time link (decision 526); it does not unsubscribe.
  if (form.get("intent") === "export") {
    try {
      const message = await requestOwnDataExport({
        db: context.db,
        env: context.env,
        unsubscribeToken: token,
      });
      return { exportMessage: message, isExportRefused: false };
    } catch (error) {
      if (error instanceof AppError)
        return data(
          { exportMessage: error.message, isExportRefused: true },
          { status: error.status },
        );
      if (error instanceof MailDeliveryError)
        return data(
          {
            exportMessage: "The mail could not be sent just now. Try again in a few minutes.",
            isExportRefused: true,
          },
          { status: 503 },
        );
      throw error;
    }
  }
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

/** Below the unsubscribe button: a copy of one's data, by a mailed link. */
function OwnDataRequest({ token }: { token: string }) {
  const answer = useActionData<typeof action>();
  const isBusy = useNavigation().state !== "idle";
  if (!token) return null;
  const message = answer && "exportMessage" in answer ? answer.exportMessage : undefined;
  const isRefused = answer && "isExportRefused" in answer ? answer.isExportRefused : false;
  return (
    <section aria-labelledby="own-data-heading" className="container-page -mt-16 pb-24">
      <div className="card max-w-xl">
        <h2 id="own-data-heading" className="heading-md">
          A copy of your data
        </h2>
        <p className="mt-2 text-sm text-mist-300">
          We mail a link to this subscription's address; it downloads everything we keep about you
          as a file, once, within 24 hours.
        </p>
        {message ? (
          <p
            className={`mt-4 text-sm ${isRefused ? "text-red-300" : "text-mist-200"}`}
            role={isRefused ? "alert" : "status"}
          >
            {message}
          </p>
        ) : (
          <Form method="post" className="mt-4">
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value="export" />
            <button type="submit" className="btn-secondary" disabled={isBusy}>
              Mail me a copy of my data
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}

export default function NewsletterUnsubscribePage() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const result = answer && "result" in answer ? answer.result : undefined;
  return (
    <>
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
      <OwnDataRequest token={token} />
    </>
  );
}
