import { requireRole } from "#server/auth/guard.ts";
import { searchClientChoices } from "#server/clients/choices.ts";
import type { Route } from "./+types/choices";

/** The clients whose company holds `?q=`, for a form's client search (decision 807). */
export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const search = args.url.searchParams.get("q") ?? "";
  return { choices: await searchClientChoices(args.context.db, { search }) };
}
