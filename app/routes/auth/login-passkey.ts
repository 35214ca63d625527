import { data } from "react-router";
import { parseCredential, passkeySignInOptions, signInWithPasskey } from "#server/auth/passkeys.ts";
import { errorResponse, invalid } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { passkeySignInSchema, safeRedirect } from "#shared/auth-forms.ts";
import type { Route } from "./+types/login-passkey";

/**
 * "Sign in with a passkey" on /login (decision 213): the page asks here for the options, lets
 * the browser sign the challenge, and sends the answer back; a right one sets the session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = passkeySignInSchema.safeParse(Object.fromEntries(await readForm(request)));
  try {
    if (!parsed.success)
      throw invalid(parsed.error, "The passkey sign-in could not be read. Try again.");
    if (parsed.data.intent === "options") {
      const { options, cookies } = await passkeySignInOptions(context);
      return data({ ok: true as const, options }, { headers: cookies });
    }
    const credential = parseCredential(parsed.data.credential);
    const { headers } = await signInWithPasskey(context, { request, credential });
    return data(
      { ok: true as const, redirectTo: safeRedirect(parsed.data.redirectTo) },
      { headers },
    );
  } catch (error) {
    return errorResponse(error);
  }
}
