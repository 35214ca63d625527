import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { seoMeta } from "~/lib/seo";
import { publicUrlFrom } from "~/root";
import { readForm } from "../../../server/form-body";
import { unsubscribeFromNewsletter } from "../../../server/newsletter/newsletter";
import type { Route } from "./+types/newsletter-unsubscribe";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/**
 * One click on the page, or a mail client's RFC 8058 one-click POST
 * (body "List-Unsubscribe=One-Click", token in the URL).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
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
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col justify-center py-24">
      <div className="card max-w-xl">
        {actionData?.result === "unsubscribed" ? (
          <>
            <h1 className="heading-lg">You're unsubscribed</h1>
            <p className="mt-4 text-mist-300" role="status">
              We will not send you the newsletter again. Changed your mind? Sign up in the footer at
              any time.
            </p>
          </>
        ) : actionData?.result === "invalid" || !token ? (
          <>
            <h1 className="heading-lg">We could not find that subscription</h1>
            <p className="mt-4 text-mist-300" role="alert">
              The unsubscribe link is incomplete. Use the link from your most recent newsletter, or
              write to us and we will remove you by hand.
            </p>
          </>
        ) : (
          <>
            <h1 className="heading-lg">Leave the newsletter?</h1>
            <p className="mt-4 text-mist-300">
              Press the button and you will not receive the newsletter any more.
            </p>
            <Form method="post" className="mt-8">
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
                {navigation.state !== "idle" ? "Submitting..." : "Unsubscribe"}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
