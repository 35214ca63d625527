/**
 * The statement of account for a chosen period, as a PDF or a CSV file. A plain GET
 * form: the browser downloads the answer; no JavaScript needed.
 */
export function StatementForm({ from, to }: { from: string; to: string }) {
  return (
    <section className="card" aria-labelledby="statement-title">
      <h2 id="statement-title" className="heading-md">
        Statement of account
      </h2>
      <p className="mt-1 text-sm text-mist-300">
        Your opening balance, invoices and payments in a period, and what is due at its end.
      </p>
      <form method="get" action="/portal/statement" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="statement-from" className="field-label">
            From
          </label>
          <input
            id="statement-from"
            type="date"
            name="from"
            defaultValue={from}
            required
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="statement-to" className="field-label">
            To
          </label>
          <input
            id="statement-to"
            type="date"
            name="to"
            defaultValue={to}
            required
            className="field-input"
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" name="format" value="pdf" className="btn-primary px-4 py-2 text-sm">
            Download PDF
          </button>
          <button
            type="submit"
            name="format"
            value="csv"
            className="btn-secondary px-4 py-2 text-sm"
          >
            Download CSV
          </button>
        </div>
      </form>
    </section>
  );
}
