import { data } from "react-router";
import { requireUser } from "#server/auth/guard.ts";
import { addPasskey, parseCredential, passkeyRegistrationOptions } from "#server/auth/passkeys.ts";
import { errorResponse, invalid } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { addPasskeySchema } from "#shared/auth-forms.ts";
import type { Route } from "./+types/passkeys";

/**
 * Adding a passkey from My account (decision 213), in two calls from the page: the options
 * for the browser, then the browser's new credential with the name the person chose.
 */
export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const signedIn = { request: args.request, user };
  const parsed = addPasskeySchema.safeParse(Object.fromEntries(await readForm(args.request)));
  try {
    if (!parsed.success) throw invalid(parsed.error, "Name the passkey, then try again.");
    if (parsed.data.intent === "options") {
      const { options, cookies } = await passkeyRegistrationOptions(args.context, signedIn);
      return data({ ok: true as const, options }, { headers: cookies });
    }
    const credential = parseCredential(parsed.data.credential);
    await addPasskey(args.context, signedIn, { name: parsed.data.name, credential });
    return { ok: true as const, message: `Passkey “${parsed.data.name}” added.` };
  } catch (error) {
    return errorResponse(error);
  }
}
