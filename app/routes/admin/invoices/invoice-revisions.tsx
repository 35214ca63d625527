import { formatDateTime } from "#app/components/business/fields.tsx";
import type { Route } from "./+types/edit";

type InvoiceData = Route.ComponentProps["loaderData"];

type InvoiceRevisionsProps = {
  revisions: InvoiceData["invoice"]["revisions"];
  locale: string;
};

/** The earlier versions a sent invoice's revisions replaced, and why. */
export function InvoiceRevisions({ revisions, locale }: InvoiceRevisionsProps) {
  return (
    <section aria-labelledby="revisions" className="card">
      <h2 id="revisions" className="heading-md mb-4">
        Revisions
      </h2>
      <ul className="divide-y divide-white/5 text-sm">
        {revisions.map((revision) => (
          <li key={revision.id} className="py-2">
            <p>
              Revision {revision.revision} replaced on {formatDateTime(revision.createdAt, locale)}
            </p>
            <p className="text-mist-400">{revision.reason}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
