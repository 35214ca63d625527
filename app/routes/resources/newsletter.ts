import { data } from "react-router";
import { NEWSLETTER_UNAVAILABLE, newsletterSchema } from "~/lib/newsletter";
import type { Route } from "./+types/newsletter";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return data({ ok: false as const, error: parsed.error.issues[0].message }, { status: 400 });
  }
  // Subscriptions arrive with the newsletter service; until then every valid submit says so.
  return data({ ok: false as const, error: NEWSLETTER_UNAVAILABLE }, { status: 503 });
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
