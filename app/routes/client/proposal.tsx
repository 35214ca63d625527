import { isbot } from "isbot";
import { Form, useActionData, useNavigation } from "react-router";
import { Field, FormError, formatDate, formatDateTime } from "#app/components/business/fields.tsx";
import { localeFrom } from "#server/business/locale.ts";
import { renderMarkdown } from "#server/content/markdown.ts";
import { AppError, errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { acceptProposal, declineProposal } from "#server/proposals/acceptance.ts";
import { viewProposal } from "#server/proposals/viewing.ts";
import { redirectWithToast } from "#server/toast.ts";
import { proposalTotals } from "#shared/business/proposal-form.ts";
import { formatMoney, formatQuantity, formatRate, lineAmount } from "#shared/money.ts";
import type { Route } from "./+types/proposal";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.proposal.title} | Proposal from Frontier` : "Proposal | Frontier" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Link previews (chat apps, mail scanners) must not count as the client opening it.
  const isPreview = isbot(request.headers.get("User-Agent") ?? "");
  const proposal = await viewProposal({
    db: context.db,
    env: context.env,
    publicId: params.proposalId,
    address: context.clientAddress,
    isPreview,
  });
  invariantResponse(proposal, "Not Found", { status: 404 });
  const sections = (["scope", "approach", "timeline", "terms"] as const)
    .filter((key) => proposal[key].trim())
    .map((key) => ({ key, html: renderMarkdown(proposal[key]) }));
  return {
    proposal: {
      title: proposal.title,
      company: proposal.client.company,
      status: proposal.status,
      currency: proposal.currency,
      validUntil: proposal.validUntil,
      firstViewedAt: proposal.firstViewedAt,
      acceptedAt: proposal.acceptedAt,
      acceptedName: proposal.acceptedName,
      declinedAt: proposal.declinedAt,
      depositPercent: proposal.depositPercent,
      version: proposal.updatedAt.toISOString(),
      items: proposal.items.map(
        ({ id, description, quantity, unitAmount, taxRateBp, kind, interval }) => ({
          id,
          description,
          quantity,
          unitAmount,
          taxRateBp,
          kind,
          interval,
        }),
      ),
      discountKind: proposal.discountKind,
      discountValue: proposal.discountValue,
    },
    onboardingPath:
      proposal.status === "accepted" && proposal.project
        ? `/onboarding/${proposal.project.onboardingId}`
        : null,
    sections,
    locale: localeFrom(request),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = `/proposal/${params.proposalId}`;
  try {
    if (intent === "accept") {
      await acceptProposal({
        db: context.db,
        env: context.env,
        publicId: params.proposalId,
        fullName: String(form.get("fullName") ?? ""),
        hasAgreed: form.get("agree") === "yes",
        address: context.clientAddress,
        version: String(form.get("version") ?? "") || undefined,
      });
      return redirectWithToast(here, {
        message: "Thank you! The proposal is accepted. Next: tell us about your project.",
      });
    }
    if (intent === "decline") {
      await declineProposal({
        db: context.db,
        env: context.env,
        publicId: params.proposalId,
        reason: String(form.get("reason") ?? ""),
        address: context.clientAddress,
      });
      return redirectWithToast(here, { message: "Thank you for letting us know." });
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  }
}

const sectionTitle = { scope: "Scope", approach: "Approach", timeline: "Timeline", terms: "Terms" };

export default function ProposalPage({ loaderData }: Route.ComponentProps) {
  const { proposal, sections, locale, onboardingPath } = loaderData;
  const actionData = useActionData<typeof action>();
  const isBusy = useNavigation().state === "submitting";
  const totals = proposalTotals(proposal);
  const money = (amount: number) => formatMoney(amount, proposal.currency, locale);
  const isOpen = proposal.status === "sent" || proposal.status === "viewed";
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-5 py-12 sm:py-16">
      <p className="eyebrow">Proposal from Frontier</p>
      <h1 className="heading-lg mt-3">{proposal.title}</h1>
      <p className="mt-2 text-mist-300">
        Prepared for {proposal.company} · valid until {formatDate(proposal.validUntil, locale)}
      </p>
      {proposal.firstViewedAt ? (
        <p className="mt-1 text-sm text-mist-400" data-testid="first-viewed">
          First opened {formatDateTime(proposal.firstViewedAt, locale)}
        </p>
      ) : null}

      {proposal.status === "expired" ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-frontier-orange/40 bg-frontier-orange/10 p-4 text-orange-100"
          data-testid="proposal-state"
        >
          This proposal expired on {formatDate(proposal.validUntil, locale)} and can no longer be
          accepted. Please reply to our mail and we will send an updated one.
        </p>
      ) : null}
      {proposal.status === "withdrawn" ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-frontier-orange/40 bg-frontier-orange/10 p-4 text-orange-100"
          data-testid="proposal-state"
        >
          This proposal has been withdrawn and can no longer be accepted. Please reply to our mail
          if you have questions.
        </p>
      ) : null}
      {proposal.status === "accepted" ? (
        <div
          role="status"
          className="mt-6 rounded-xl border border-green-500/40 bg-green-900/20 p-4 text-green-100"
          data-testid="proposal-state"
        >
          <p>
            Accepted by {proposal.acceptedName} on {formatDateTime(proposal.acceptedAt, locale)}.
            Thank you!
          </p>
          {onboardingPath ? (
            <a href={onboardingPath} className="btn-primary mt-4">
              Start onboarding
            </a>
          ) : null}
        </div>
      ) : null}
      {proposal.status === "declined" ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-white/20 bg-white/5 p-4 text-mist-100"
          data-testid="proposal-state"
        >
          You declined this proposal on {formatDateTime(proposal.declinedAt, locale)}. Thank you for
          letting us know.
        </p>
      ) : null}

      {sections
        .filter((section) => section.key !== "terms")
        .map((section) => (
          <section key={section.key} className="mt-10" aria-labelledby={`section-${section.key}`}>
            <h2 id={`section-${section.key}`} className="heading-md mb-3">
              {sectionTitle[section.key]}
            </h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered and sanitised on the server */}
            <div className="prose-frontier" dangerouslySetInnerHTML={{ __html: section.html }} />
          </section>
        ))}

      <section className="mt-10" aria-labelledby="investment">
        <h2 id="investment" className="heading-md mb-3">
          Investment
        </h2>
        <div className="overflow-x-auto rounded-2xl border border-white/10">
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="bg-ink-800/80 text-left text-xs uppercase tracking-wider text-mist-400">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Item
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Qty
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Price
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Tax
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {proposal.items.map((item) => (
                <tr key={item.id}>
                  <td className="px-4 py-2">
                    {item.description}
                    {item.kind === "recurring" ? (
                      <span className="text-mist-400"> (per {item.interval})</span>
                    ) : null}
                  </td>
                  <td className="px-4 py-2 text-right">{formatQuantity(item.quantity)}</td>
                  <td className="px-4 py-2 text-right">{money(item.unitAmount)}</td>
                  <td className="px-4 py-2 text-right">{formatRate(item.taxRateBp)}%</td>
                  <td className="px-4 py-2 text-right">{money(lineAmount(item))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ml-auto mt-4 grid max-w-xs grid-cols-2 gap-y-1 text-sm">
          <dt className="text-mist-400">Subtotal</dt>
          <dd className="text-right">{money(totals.oneOff.subtotal)}</dd>
          {totals.oneOff.discount ? (
            <>
              <dt className="text-mist-400">Discount</dt>
              <dd className="text-right">−{money(totals.oneOff.discount)}</dd>
            </>
          ) : null}
          {totals.oneOff.taxes.map((tax) => (
            <div key={tax.rateBp} className="contents">
              <dt className="text-mist-400">Tax {formatRate(tax.rateBp)}%</dt>
              <dd className="text-right">{money(tax.amount)}</dd>
            </div>
          ))}
          <dt className="font-semibold text-white">Total</dt>
          <dd className="text-right font-semibold text-white" data-testid="proposal-total">
            {money(totals.oneOff.total)}
          </dd>
          {totals.monthly.total ? (
            <>
              <dt className="text-mist-400">Then monthly</dt>
              <dd className="text-right">{money(totals.monthly.total)}</dd>
            </>
          ) : null}
          {totals.yearly.total ? (
            <>
              <dt className="text-mist-400">Then yearly</dt>
              <dd className="text-right">{money(totals.yearly.total)}</dd>
            </>
          ) : null}
          {totals.deposit ? (
            <>
              <dt className="text-mist-400">Deposit on acceptance ({proposal.depositPercent}%)</dt>
              <dd className="text-right">{money(totals.deposit)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      {sections
        .filter((section) => section.key === "terms")
        .map((section) => (
          <section key={section.key} className="mt-10" aria-labelledby="section-terms">
            <h2 id="section-terms" className="heading-md mb-3">
              Terms
            </h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered and sanitised on the server */}
            <div className="prose-frontier" dangerouslySetInnerHTML={{ __html: section.html }} />
          </section>
        ))}

      {isOpen ? (
        <div className="mt-12 grid gap-6 md:grid-cols-[3fr_2fr]">
          <section className="card" aria-labelledby="accept">
            <h2 id="accept" className="heading-md mb-4">
              Accept this proposal
            </h2>
            <Form method="post" className="flex flex-col gap-4">
              <input type="hidden" name="version" value={proposal.version} />
              <FormError error={actionData?.error} />
              <Field
                label="Your full name (your signature)"
                name="fullName"
                errors={actionData?.fieldErrors}
              >
                {(props) => (
                  <input
                    {...props}
                    name="fullName"
                    autoComplete="name"
                    required
                    minLength={2}
                    maxLength={200}
                    className="field-input"
                  />
                )}
              </Field>
              <div>
                <label className="flex items-start gap-3 text-sm text-mist-300">
                  <input
                    type="checkbox"
                    name="agree"
                    value="yes"
                    required
                    className="mt-1"
                    aria-describedby={
                      actionData?.fieldErrors?.hasAgreed ? "agree-error" : undefined
                    }
                  />
                  <span>
                    I have read this proposal and agree to its terms on behalf of {proposal.company}
                    .
                  </span>
                </label>
                {actionData?.fieldErrors?.hasAgreed ? (
                  <p id="agree-error" className="field-error">
                    {actionData.fieldErrors.hasAgreed[0]}
                  </p>
                ) : null}
              </div>
              <p className="text-xs text-mist-400">
                We record your name, the time and your network address with the accepted version.
              </p>
              <div>
                <button
                  type="submit"
                  name="intent"
                  value="accept"
                  className="btn-primary"
                  disabled={isBusy}
                >
                  Accept proposal
                </button>
              </div>
            </Form>
          </section>
          <section className="card" aria-labelledby="decline">
            <h2 id="decline" className="heading-md mb-4">
              Not for you?
            </h2>
            <Form method="post" className="flex flex-col gap-4">
              <Field label="Reason (optional)" name="reason">
                {(props) => (
                  <textarea
                    {...props}
                    name="reason"
                    rows={3}
                    maxLength={2000}
                    className="field-input"
                  />
                )}
              </Field>
              <div>
                <button
                  type="submit"
                  name="intent"
                  value="decline"
                  className="btn-secondary"
                  disabled={isBusy}
                >
                  Decline
                </button>
              </div>
            </Form>
          </section>
        </div>
      ) : null}
      <footer className="mt-16 border-t border-white/10 pt-6 text-sm text-mist-400">
        Frontier · Engineering The Digital Frontier
      </footer>
    </main>
  );
}
