import { Form } from "react-router";
import { Field } from "#app/components/business/fields.tsx";

/** Turning the proposal down, with an optional reason. */
export function ProposalDeclineForm({ isBusy }: { isBusy: boolean }) {
  return (
    <section className="card" aria-labelledby="decline">
      <h2 id="decline" className="heading-md mb-4">
        Not for you?
      </h2>
      <Form method="post" className="flex flex-col gap-4">
        <Field label="Reason (optional)" name="reason">
          {(props) => (
            <textarea {...props} name="reason" rows={3} maxLength={2000} className="field-input" />
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
  );
}
