import { data } from "react-router";
import { readTouchpoints } from "#server/analytics/touchpoints.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import {
  readTrailKey,
  subscribeToNewsletter,
  trailKeyCookie,
} from "#server/newsletter/newsletter.ts";
import type { Route } from "./+types/newsletter";

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    const { message, trailKey } = await subscribeToNewsletter({
      db: context.db,
      env: context.env,
      form,
      address: context.clientAddress,
      touchpoints: readTouchpoints({ form, headers: request.headers }),
      trailKey: readTrailKey(request),
    });
    // The pages sent count only when this browser confirms (decision 314).
    const headers = trailKey ? { "Set-Cookie": trailKeyCookie(context.env, trailKey) } : undefined;
    return data({ ok: true as const, message }, { headers });
  } catch (error) {
    return errorResponse(error);
  }
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
