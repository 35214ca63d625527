import { Form } from "react-router";
import type { FieldErrors } from "#app/components/admin/text-fields.tsx";
import { FieldError } from "./field-error";

type RedirectRow = { id: string; fromPath: string; toPath: string; status: number };

/** Adds a one-hop redirect and lists the managed ones, each with a button to delete it. */
export function RedirectsSection({
  redirects,
  fieldErrors,
}: {
  redirects: RedirectRow[];
  fieldErrors: FieldErrors;
}) {
  return (
    <section id="redirects" className="card mb-8 space-y-4 p-5" aria-labelledby="redirects-heading">
      <h2 id="redirects-heading" className="heading-md">
        Redirects
      </h2>
      {/* A new list means the redirect was added: a fresh form, so it is not added twice. */}
      <Form
        method="post"
        key={redirects.map((row) => row.id).join()}
        className="flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="create-redirect" />
        <div>
          <label htmlFor="fromPath" className="field-label">
            From
          </label>
          <input id="fromPath" name="fromPath" className="field-input" placeholder="/old-page" />
          <FieldError errors={fieldErrors} name="fromPath" />
        </div>
        <div>
          <label htmlFor="toPath" className="field-label">
            To
          </label>
          <input id="toPath" name="toPath" className="field-input" placeholder="/new-page" />
          <FieldError errors={fieldErrors} name="toPath" />
        </div>
        <div>
          <label htmlFor="redirect-status" className="field-label">
            Kind
          </label>
          <select id="redirect-status" name="status" className="field-input" defaultValue="301">
            <option value="301">301 · moved for good</option>
            <option value="302">302 · temporary</option>
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Add redirect
        </button>
      </Form>
      <ul className="divide-y divide-white/5 text-sm">
        {redirects.map((row) => (
          <li key={row.id} className="flex items-center justify-between gap-3 py-2">
            <span>
              {row.fromPath} → {row.toPath} <span className="text-mist-400">({row.status})</span>
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="delete-redirect" />
              <input type="hidden" name="id" value={row.id} />
              <button type="submit" className="text-frontier-blue underline">
                Delete<span className="sr-only"> the redirect from {row.fromPath}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
