import { InvoiceForm } from "#app/components/business/invoice-form.tsx";
import { editableLines } from "#app/components/business/line-items-editor.tsx";
import { versionKey } from "#app/lib/version-key.ts";
import { formatRate, moneyInputValue } from "#shared/money.ts";
import type { Route } from "./+types/edit";

type InvoiceData = Route.ComponentProps["loaderData"];

type InvoiceEditorProps = Pick<InvoiceData, "invoice" | "clients" | "locale"> & {
  errors?: Record<string, string[]>;
  /** Paid or void: shown, never changed. */
  isFinal: boolean;
};

/** The invoice's lines and terms: a draft is edited, a sent one revised with a reason. */
export function InvoiceEditor({ invoice, clients, locale, errors, isFinal }: InvoiceEditorProps) {
  return (
    <section aria-labelledby="invoice-lines" className="card">
      <h2 id="invoice-lines" className="heading-md mb-5">
        {isFinal ? "Invoice" : invoice.status === "draft" ? "Edit draft" : "Revise"}
      </h2>
      {isFinal ? (
        <p className="mb-4 text-sm text-mist-400">
          {invoice.status === "paid"
            ? "A paid invoice does not change."
            : "A void invoice does not change."}
        </p>
      ) : null}
      <fieldset disabled={isFinal} className="contents">
        <InvoiceForm
          key={versionKey(invoice.updatedAt)}
          clients={clients}
          locale={locale}
          errors={errors}
          submitLabel={invoice.status === "draft" ? "Save draft" : "Save revision"}
          needsReason={invoice.status !== "draft" && !isFinal}
          isLocked={isFinal}
          initial={{
            clientId: invoice.clientId,
            projectId: invoice.projectId ?? "",
            currency: invoice.currency,
            issueDate: invoice.issueDate,
            dueDate: invoice.dueDate,
            discountKind: invoice.discountKind,
            discountValue:
              invoice.discountKind === "percent"
                ? formatRate(invoice.discountValue)
                : invoice.discountKind === "amount"
                  ? moneyInputValue(invoice.discountValue, invoice.currency)
                  : "",
            notes: invoice.notes,
            lines: editableLines(invoice.items, invoice.currency),
          }}
        />
      </fieldset>
    </section>
  );
}
