import { Link } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";
import { formatMoney } from "#shared/money.ts";

export type AttentionItem =
  | {
      kind: "invoice";
      id: string;
      number: string;
      dueDate: string;
      balance: number;
      currency: string;
      isOverdue: boolean;
    }
  | { kind: "proposal"; id: string; title: string; validUntil: string }
  | { kind: "onboarding"; projectId: string; projectName: string }
  | { kind: "messages"; projectId: string; projectName: string; unread: number };

function itemOf(item: AttentionItem, locale: string) {
  switch (item.kind) {
    case "invoice":
      return {
        key: `invoice-${item.id}`,
        to: `/portal/invoices/${item.id}`,
        label: item.isOverdue ? "Overdue invoice" : "Invoice due",
        title: `${item.number}: ${formatMoney(item.balance, item.currency, locale)}`,
        detail: `${item.isOverdue ? "Was due" : "Due"} ${formatDate(item.dueDate, locale)}`,
        tone: item.isOverdue ? "border-red-400/50 bg-red-900/20" : "border-white/15 bg-white/5",
      };
    case "proposal":
      return {
        key: `proposal-${item.id}`,
        to: `/portal/proposals/${item.id}`,
        label: "Proposal to review",
        title: item.title,
        detail: `Open for your answer until ${formatDate(item.validUntil, locale)}`,
        tone: "border-frontier-purple/50 bg-frontier-purple/10",
      };
    case "onboarding":
      return {
        key: `onboarding-${item.projectId}`,
        to: `/portal/projects/${item.projectId}/onboarding`,
        label: "Onboarding to finish",
        title: item.projectName,
        detail: "Tell us about your company, goals and brand",
        tone: "border-frontier-orange/50 bg-frontier-orange/10",
      };
    case "messages":
      return {
        key: `messages-${item.projectId}`,
        to: `/portal/messages/${item.projectId}`,
        label: item.unread === 1 ? "New message" : `${item.unread} new messages`,
        title: item.projectName,
        detail: "From your team",
        tone: "border-frontier-blue/50 bg-frontier-blue/10",
      };
  }
}

/** What needs the client first, most urgent on top; a calm line when nothing does. */
export function AttentionList({ items, locale }: { items: AttentionItem[]; locale: string }) {
  return (
    <section aria-labelledby="attention-title">
      <h2 id="attention-title" className="heading-md mb-3">
        Needs your attention
      </h2>
      {items.length ? (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="attention">
          {items.map((item) => {
            const view = itemOf(item, locale);
            return (
              <li key={view.key}>
                <Link
                  to={view.to}
                  className={`block h-full rounded-2xl border p-4 transition hover:border-white/40 ${view.tone}`}
                >
                  <span className="text-xs font-semibold uppercase tracking-wider text-mist-300">
                    {view.label}
                  </span>
                  <span className="mt-1 block font-semibold text-white">{view.title}</span>
                  <span className="mt-1 block text-sm text-mist-300">{view.detail}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="card text-mist-300">Nothing needs you right now. Thank you!</p>
      )}
    </section>
  );
}
