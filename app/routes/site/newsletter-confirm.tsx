import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { seoMeta } from "~/lib/seo";
import { publicUrlFrom } from "~/root";
import { readForm } from "../../../server/form-body";
import { confirmSubscription } from "../../../server/newsletter/newsletter";
import type { Route } from "./+types/newsletter-confirm";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** Confirming takes a press of a button: link scanners that open every URL in a mail confirm nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await confirmSubscription({
    db: context.db,
    token: String(form.get("token") ?? ""),
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
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col justify-center py-24">
      <div className="card max-w-xl">
        {actionData?.result === "confirmed" ? (
          <>
            <h1 className="heading-lg">You're subscribed</h1>
            <p className="mt-4 text-mist-300" role="status">
              Thanks for confirming. The next issue of our field notes will reach your inbox.
            </p>
            <Link to="/insights" className="btn-primary mt-8">
              Read the latest insights
            </Link>
          </>
        ) : actionData?.result === "invalid" || !token ? (
          <>
            <h1 className="heading-lg">This link no longer works</h1>
            <p className="mt-4 text-mist-300" role="alert">
              The confirmation link was already used or has expired. Sign up again in the footer
              below and we will send a fresh one.
            </p>
          </>
        ) : (
          <>
            <h1 className="heading-lg">Confirm your subscription</h1>
            <p className="mt-4 text-mist-300">
              One click and you will get our field notes once a month. You can leave at any time.
            </p>
            <Form method="post" className="mt-8">
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
                {navigation.state !== "idle" ? "Submitting..." : "Confirm subscription"}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
