import { data } from "react-router";
import { readTouchpoints } from "#server/analytics/touchpoints.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { subscribeToNewsletter } from "#server/newsletter/newsletter.ts";
import type { Route } from "./+types/newsletter";

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    const { message } = await subscribeToNewsletter({
      db: context.db,
      env: context.env,
      form,
      address: context.clientAddress,
      touchpoints: readTouchpoints({ form, headers: request.headers }),
    });
    return data({ ok: true as const, message });
  } catch (error) {
    return errorResponse(error);
  }
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
