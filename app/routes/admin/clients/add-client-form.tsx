import { Form } from "react-router";
import { ClientFields, emptyClient } from "#app/components/business/client-fields.tsx";

type AddClientFormProps = {
  errors?: Record<string, string[]>;
  isBusy: boolean;
};

/** Adds a client by hand, folded away until wanted (or until its fields need correcting). */
export function AddClientForm({ errors, isBusy }: AddClientFormProps) {
  return (
    <details className="card mb-6" open={Boolean(errors)}>
      <summary className="cursor-pointer font-semibold text-white">Add a client</summary>
      <Form method="post" className="mt-5 flex flex-col gap-5">
        <ClientFields initial={emptyClient} errors={errors} />
        <div>
          <button
            type="submit"
            name="intent"
            value="create"
            disabled={isBusy}
            className="btn-primary"
          >
            {isBusy ? "Saving..." : "Add client"}
          </button>
        </div>
      </Form>
    </details>
  );
}
