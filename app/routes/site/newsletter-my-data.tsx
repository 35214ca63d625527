import { Form, useLoaderData } from "react-router";
import { publicUrlFrom } from "#app/root.tsx";
import { AppError } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { downloadOwnData } from "#server/personal-data/self-export.ts";
import { seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/newsletter-my-data";

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

/**
 * The mailed link's button (decision 526): the press uses the link up and answers the file
 * itself, private and never stored by a cache. Opening the link changes nothing, so mail
 * scanners that open every link cannot spend it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const json = await downloadOwnData({ db: context.db, token: String(form.get("token") ?? "") });
    return new Response(json, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": 'attachment; filename="my-data.json"',
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError)
      return new Response(error.message, {
        status: error.status,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "private, no-store",
        },
      });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Your data",
    description: "Download what Digital Frontier keeps about you.",
    path: "/newsletter/my-data",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export default function NewsletterMyDataPage() {
  const { token } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col justify-center py-24">
      <div className="card max-w-xl">
        <h1 className="heading-lg">Your data</h1>
        {token ? (
          <>
            <p className="mt-4 text-mist-300">
              Press the button to download everything we keep about your address as a JSON file. The
              link works once.
            </p>
            <Form method="post" reloadDocument className="mt-8">
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="btn-primary">
                Download my data
              </button>
            </Form>
          </>
        ) : (
          <p className="mt-4 text-mist-300" role="alert">
            The link is incomplete. Use the link from the mail, or ask for a new one from the
            unsubscribe link of any newsletter.
          </p>
        )}
      </div>
    </main>
  );
}
