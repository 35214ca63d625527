import { data } from "react-router";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { subscribeToNewsletter } from "#server/newsletter/newsletter.ts";
import type { Route } from "./+types/newsletter";

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { message } = await subscribeToNewsletter({
      db: context.db,
      env: context.env,
      form: await readForm(request),
      address: context.clientAddress,
    });
    return data({ ok: true as const, message });
  } catch (error) {
    return errorResponse(error);
  }
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
