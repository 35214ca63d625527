import { Form, Link } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { invoiceStatusLabel } from "#shared/business/labels.ts";
import type { Route } from "./+types/edit";

type InvoicePageHeaderProps = {
  invoice: Route.ComponentProps["loaderData"]["invoice"];
  isFinal: boolean;
  isBusy: boolean;
};

/** The invoice's number, status and client, with its PDF and the send button. */
export function InvoicePageHeader({ invoice, isFinal, isBusy }: InvoicePageHeaderProps) {
  return (
    <PageHeader
      title={`Invoice ${invoice.number}`}
      back={{ to: "/admin/invoices", label: "Invoices" }}
      description={
        <span className="flex flex-wrap items-center gap-3">
          <StatusBadge status={invoice.status} label={invoiceStatusLabel[invoice.status]} />
          <Link to={`/admin/clients/${invoice.clientId}`} className="hover:underline">
            {invoice.client.company}
          </Link>
          {invoice.revision > 1 ? (
            <span className="text-mist-400">Revision {invoice.revision}</span>
          ) : null}
          {invoice.kind === "deposit" ? <span className="text-mist-400">Deposit</span> : null}
        </span>
      }
      actions={
        <>
          <a
            href={`/admin/invoices/${invoice.id}/pdf`}
            className="btn-secondary px-4 py-2 text-sm"
            download
          >
            Download PDF
          </a>
          {!isFinal ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="send"
                className="btn-primary px-4 py-2 text-sm"
                disabled={isBusy}
              >
                {invoice.status === "draft" ? "Send to client" : "Send again"}
              </button>
            </Form>
          ) : null}
        </>
      }
    />
  );
}
