import { Form, redirect, useActionData, useNavigation } from "react-router";
import { Field, FormError } from "#app/components/business/fields.tsx";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { findSignInLink, requestSignInLink, signInWithLink } from "#server/portal/links.ts";
import { findPortalViewer } from "#server/portal/session.ts";
import { redirectWithToast } from "#server/toast.ts";
import { LINK_GONE_MESSAGE, LINK_REQUESTED_MESSAGE, portalSignInSchema } from "#shared/portal.ts";
import type { Route } from "./+types/sign-in";
import { PortalFrame } from "./portal-frame";

export const meta = () => [
  { title: "Sign in | Frontier client portal" },
  { name: "robots", content: "noindex, nofollow" },
  // The address carries a one-time token: never pass it on to another site.
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  if (token) {
    const link = await findSignInLink({ db: context.db, token });
    return { token, link: link ?? null, isGone: !link };
  }
  if (await findPortalViewer({ db: context.db, env: context.env, request }))
    throw redirect("/portal");
  return { token: "", link: null, isGone: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    if (form.get("intent") === "use") {
      const cookie = await signInWithLink({
        db: context.db,
        env: context.env,
        token: String(form.get("token") ?? ""),
        address: context.clientAddress,
        userAgent: request.headers.get("User-Agent"),
      });
      return redirectWithToast(
        "/portal",
        { message: "Welcome to your client portal." },
        { headers: { "Set-Cookie": cookie } },
      );
    }
    if (form.get("intent") !== "request") throw new AppError("INVALID", "Unknown action.");
    const parsed = portalSignInSchema.safeParse({ email: form.get("email") ?? "" });
    if (!parsed.success)
      throw new AppError("INVALID", "Enter your email address.", {
        fieldErrors: { email: [parsed.error.issues[0].message] },
      });
    // The same answer for every address: whether it may sign in is decided by the mail job.
    await requestSignInLink({
      db: context.db,
      email: parsed.data.email,
      address: context.clientAddress,
    });
    return { ok: true as const, message: LINK_REQUESTED_MESSAGE };
  } catch (error) {
    return errorResponse(error);
  }
}

export default function PortalSignIn({ loaderData }: Route.ComponentProps) {
  const { token, link, isGone } = loaderData;
  const answer = useActionData<typeof action>();
  const isBusy = useNavigation().state === "submitting";
  const sent = answer && "message" in answer ? answer.message : undefined;
  const refusal = answer && "error" in answer ? answer : undefined;
  return (
    <PortalFrame>
      <main id="main" className="mx-auto w-full max-w-md px-5 py-12 sm:py-20">
        <p className="eyebrow">Client portal</p>
        <h1 className="heading-lg mt-3">Sign in</h1>
        {link ? (
          <section className="card mt-8" aria-labelledby="confirm-title">
            <h2 id="confirm-title" className="heading-md">
              Continue as {link.name}
            </h2>
            <p className="mt-2 text-mist-300">
              {link.kind === "invite" ? "Your invitation to" : "Your sign-in link for"} the{" "}
              {link.company} portal. It works once.
            </p>
            <Form method="post" className="mt-5">
              <input type="hidden" name="token" value={token} />
              <FormError error={refusal?.error} />
              <button
                type="submit"
                name="intent"
                value="use"
                className="btn-primary mt-3 w-full"
                disabled={isBusy}
              >
                Sign in to the portal
              </button>
            </Form>
          </section>
        ) : (
          <>
            {isGone ? (
              <p role="alert" className="card mt-8 text-orange-100">
                {LINK_GONE_MESSAGE}
              </p>
            ) : (
              <p className="mt-3 text-mist-300">
                Your proposals, projects, files and invoices with Frontier. We mail you a link to
                sign in: no password to remember.
              </p>
            )}
            {sent ? (
              <p role="status" className="card mt-8" data-testid="link-requested">
                {sent} Nothing after a few minutes? Check your spam folder, or ask your project
                contact at Frontier for an invitation.
              </p>
            ) : null}
            <Form method="post" className="card mt-8 flex flex-col gap-4" noValidate={false}>
              <FormError error={refusal?.fieldErrors ? undefined : refusal?.error} />
              <Field label="Your work email" name="email" errors={refusal?.fieldErrors}>
                {(props) => (
                  <input
                    {...props}
                    type="email"
                    name="email"
                    autoComplete="email"
                    required
                    maxLength={254}
                    className="field-input"
                  />
                )}
              </Field>
              <button
                type="submit"
                name="intent"
                value="request"
                className="btn-primary"
                disabled={isBusy}
              >
                {isBusy ? "Sending..." : "Email me a sign-in link"}
              </button>
            </Form>
          </>
        )}
      </main>
    </PortalFrame>
  );
}
