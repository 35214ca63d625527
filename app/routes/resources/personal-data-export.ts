import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import {
  countPersonalData,
  findPersonalData,
  personalDataJson,
  personalEmailSchema,
  recordPersonalDataAccess,
} from "#server/personal-data/personal-data.ts";
import type { Route } from "./+types/personal-data-export";

/** A person's data as the JSON file they receive (the GDPR's access right): admins only, audited. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "admin");
  const parsed = personalEmailSchema.safeParse(args.url.searchParams.get("email") ?? "");
  if (!parsed.success)
    return new Response("Give the person's email address.", {
      status: 400,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  const data = await findPersonalData(args.context.db, parsed.data);
  await recordPersonalDataAccess(args.context.db, {
    actor: staffActor(user, args.context.clientAddress),
    action: "export",
    email: parsed.data,
    counts: countPersonalData(data),
  });
  return new Response(personalDataJson(data), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="personal-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
