import { Form, useLoaderData } from "react-router";
import { publicUrlFrom } from "#app/root.tsx";
import { seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/newsletter-my-data";

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
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
            {/* A plain form: the answer is the file itself (resources/my-data-download.ts). */}
            <Form
              method="post"
              action="/newsletter/my-data/download"
              reloadDocument
              className="mt-8"
            >
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
