import { Form } from "react-router";
import { ImportPreview, type ImportPreviewData } from "./import-preview";

/** Checks a CSV file first; its preview then offers to import it. */
export function ImportForm({
  preview,
  isBusy,
}: {
  preview: ImportPreviewData | undefined;
  isBusy: boolean;
}) {
  return (
    <section className="card space-y-3 p-5" aria-labelledby="import-heading">
      <h2 id="import-heading" className="heading-md">
        Import a CSV
      </h2>
      <p className="text-sm text-mist-300">
        Columns: <code>email</code> (required), <code>name</code>, <code>tags</code> (separated by ;
        or |). Lines are checked first; nothing is imported until every line is right.
      </p>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="preview" />
        <div>
          <label htmlFor="import-file" className="field-label">
            CSV file
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            className="text-sm"
          />
        </div>
        <button type="submit" className="btn-secondary" disabled={isBusy}>
          Check the file
        </button>
      </Form>
      {preview ? <ImportPreview preview={preview} isBusy={isBusy} /> : null}
    </section>
  );
}
