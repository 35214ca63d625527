import { useState } from "react";
import { useSubmit } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { Field } from "#app/components/business/fields.tsx";

type VoidInvoiceProps = {
  number: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  errors?: Record<string, string[]>;
};

/** Voiding the invoice, or voiding it and reissuing a copy, each confirmed first. */
export function VoidInvoice({ number, reason, onReasonChange, errors }: VoidInvoiceProps) {
  const submit = useSubmit();
  const [pending, setPending] = useState<"void" | "reissue" | null>(null);
  return (
    <section aria-labelledby="void" className="card">
      <h2 id="void" className="heading-md mb-2">
        Void
      </h2>
      <p className="mb-4 text-sm text-mist-300">
        Voiding keeps the number (numbers never have gaps). Reissue makes a new draft copy with the
        next number.
      </p>
      <Field label="Reason" name="reason" errors={errors}>
        {(props) => (
          <input
            {...props}
            value={reason}
            onChange={(event) => onReasonChange(event.target.value)}
            maxLength={500}
            className="field-input"
          />
        )}
      </Field>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary px-4 py-2 text-sm"
          onClick={() => setPending("reissue")}
        >
          Void and reissue
        </button>
        <button
          type="button"
          className="btn-secondary px-4 py-2 text-sm"
          onClick={() => setPending("void")}
        >
          Void
        </button>
      </div>
      <ConfirmModal
        open={pending !== null}
        title={pending === "reissue" ? `Void ${number} and reissue it?` : `Void ${number}?`}
        confirmLabel={pending === "reissue" ? "Void and reissue" : "Void"}
        isDanger
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const intent = pending;
          setPending(null);
          if (intent) submit({ intent, reason }, { method: "post" });
        }}
      >
        This cannot be undone. The client keeps the old number on record as void.
      </ConfirmModal>
    </section>
  );
}
