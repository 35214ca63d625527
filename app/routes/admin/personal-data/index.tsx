import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import {
  countPersonalData,
  erasePersonalData,
  findPersonalData,
  personalEmailSchema,
  recordPersonalDataAccess,
} from "#server/personal-data/personal-data.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Personal data | Command Center" }];

const kindNames: Record<string, string> = {
  leads: "Leads (contact form, chat, API)",
  clientContacts: "Client contacts",
  subscribers: "Newsletter subscriptions",
  chatConversations: "Chat conversations",
  comments: "Comments",
  portalAccess: "Client portal access",
  pagesBeforeContact: "Pages seen before writing in (analytics)",
  mails: "Mails sent to them",
};

export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "admin");
  const raw = args.url.searchParams.get("email")?.trim() ?? "";
  if (!raw) return { email: "", error: null, found: null };
  const parsed = personalEmailSchema.safeParse(raw);
  if (!parsed.success)
    return {
      email: raw.slice(0, 254),
      error: "Enter the person's full email address.",
      found: null,
    };
  const data = await findPersonalData(args.context.db, parsed.data);
  const counts = countPersonalData(data);
  await recordPersonalDataAccess(args.context.db, {
    actor: staffActor(user, args.context.clientAddress),
    action: "look-up",
    email: parsed.data,
    counts,
  });
  return {
    email: parsed.data,
    error: null,
    found: {
      counts,
      companies: data.clientContacts.map((contact) => contact.company),
      kept: {
        invoices: data.recordsKept.invoices.length,
        acceptedProposals: data.recordsKept.acceptedProposals.length,
      },
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  try {
    const email = String(form.get("email") ?? "");
    const confirmation = String(form.get("confirmEmail") ?? "")
      .trim()
      .toLowerCase();
    if (confirmation !== email.trim().toLowerCase())
      throw new AppError("INVALID", "Type the address again to confirm the erasure.", {
        fieldErrors: { confirmEmail: ["Type the same address to confirm."] },
      });
    const outcome = await erasePersonalData({
      db: args.context.db,
      email,
      actor: staffActor(user, args.context.clientAddress),
    });
    const kept = outcome.kept.invoices.length + outcome.kept.acceptedProposals.length;
    return redirectWithToast("/admin/personal-data", {
      message: `Erased. ${kept ? `${kept} record${kept === 1 ? "" : "s"} the law requires stay, without the person.` : "Nothing about them is kept."}`,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function PersonalDataScreen({ loaderData }: Route.ComponentProps) {
  const { email, error, found } = loaderData;
  const result = useActionData<typeof action>() as
    | { ok: false; error: string; fieldErrors?: Record<string, string[]> }
    | undefined;
  const isBusy = useNavigation().state !== "idle";
  const total = found ? Object.values(found.counts).reduce((sum, count) => sum + count, 0) : 0;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Personal data"
        description="Answer a person who asks what is kept about them, or asks for it to be erased: find everything by their email address, give it to them as a file, or erase it. Each look-up, export and erasure is in the audit log (by a fingerprint of the address, never the address)."
      />
      <section aria-labelledby="find-heading" className="card max-w-3xl">
        <h2 id="find-heading" className="heading-md">
          Find a person
        </h2>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <label htmlFor="person-email" className="field-label">
              Email address
            </label>
            <input
              id="person-email"
              name="email"
              type="email"
              required
              defaultValue={email}
              className="field-input"
            />
          </div>
          <button type="submit" className="btn-primary">
            Find
          </button>
        </Form>
        {error ? (
          <p role="alert" className="field-error mt-2">
            {error}
          </p>
        ) : null}
      </section>
      {found ? (
        <section aria-labelledby="found-heading" className="card mt-8 max-w-3xl space-y-4">
          <h2 id="found-heading" className="heading-md">
            {total ? `Kept about ${email}` : `Nothing is kept about ${email}`}
          </h2>
          <ul className="space-y-1 text-sm text-mist-300">
            {Object.entries(found.counts).map(([kind, count]) => (
              <li key={kind}>
                {kindNames[kind] ?? kind}: <strong className="text-white">{count}</strong>
              </li>
            ))}
          </ul>
          {found.companies.length ? (
            <p className="text-sm text-mist-300">Contact at: {found.companies.join(", ")}.</p>
          ) : null}
          {total ? (
            <>
              <p className="text-sm text-mist-300">
                Kept by law after an erasure: {found.kept.invoices} invoice(s) of their company (the
                number and figures, the contact anonymised) and {found.kept.acceptedProposals}{" "}
                signed proposal(s).
              </p>
              <a
                href={`/admin/personal-data/export?email=${encodeURIComponent(email)}`}
                className="btn-secondary inline-flex"
                download
              >
                Download their data (JSON)
              </a>
              <Form method="post" className="space-y-3 border-t border-white/10 pt-4">
                <h3 className="text-base font-semibold text-white">Erase</h3>
                <p className="text-sm text-mist-300">
                  Their leads, subscriptions, chats, comments, portal access and mails are deleted;
                  as a client contact they become “Erased contact”. This cannot be undone.
                </p>
                <input type="hidden" name="email" value={email} />
                <div>
                  <label htmlFor="confirm-email" className="field-label">
                    Type the address again to confirm
                  </label>
                  <input
                    id="confirm-email"
                    name="confirmEmail"
                    type="email"
                    required
                    className="field-input"
                    autoComplete="off"
                  />
                  {result?.fieldErrors?.confirmEmail ? (
                    <p className="field-error">{result.fieldErrors.confirmEmail[0]}</p>
                  ) : null}
                </div>
                {result && !result.ok && !result.fieldErrors ? (
                  <p role="alert" className="text-sm text-red-300">
                    {result.error}
                  </p>
                ) : null}
                <button
                  type="submit"
                  className="inline-flex items-center justify-center rounded-full bg-danger px-5 py-2 font-semibold text-white transition hover:bg-red-600 disabled:opacity-60"
                  disabled={isBusy}
                >
                  Erase their data
                </button>
              </Form>
            </>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}
