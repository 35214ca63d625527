import { Form } from "react-router";
import type { FieldErrors } from "#app/components/admin/text-fields.tsx";

/** Adds one subscriber typed in by hand; they are confirmed at once. */
export function AddSubscriberForm({
  fieldErrors,
  isBusy,
}: {
  fieldErrors: FieldErrors;
  isBusy: boolean;
}) {
  return (
    <Form method="post" className="card space-y-3 p-5" aria-labelledby="add-heading">
      <h2 id="add-heading" className="heading-md">
        Add by hand
      </h2>
      <input type="hidden" name="intent" value="add" />
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="add-email" className="field-label">
            Email
          </label>
          <input id="add-email" name="email" type="email" required className="field-input" />
          {fieldErrors?.email ? <p className="field-error">{fieldErrors.email[0]}</p> : null}
        </div>
        <div>
          <label htmlFor="add-name" className="field-label">
            Name
          </label>
          <input id="add-name" name="name" className="field-input" />
        </div>
        <div>
          <label htmlFor="add-tags" className="field-label">
            Tags
          </label>
          <input id="add-tags" name="tags" className="field-input" placeholder="vip; events" />
        </div>
      </div>
      <p className="text-xs text-mist-400">
        Only add people who agreed to receive the newsletter: they are confirmed at once.
      </p>
      <button type="submit" className="btn-primary" disabled={isBusy}>
        Add subscriber
      </button>
    </Form>
  );
}
