import { Form } from "react-router";

/** What checking a CSV found, with the file's text to import once it is right. */
export type ImportPreviewData = {
  preview: {
    rowCount: number;
    newCount: number;
    existingCount: number;
    duplicateLines: number[];
    errors: Array<{ line: number; message: string }>;
  };
  csv: string;
};

/** The checked file's counts, then either the lines to fix or the button that imports it. */
export function ImportPreview({
  preview,
  isBusy,
}: {
  preview: ImportPreviewData;
  isBusy: boolean;
}) {
  return (
    <div className="space-y-3 rounded-lg border border-white/10 p-4" data-testid="import-preview">
      <p>
        {preview.preview.rowCount} subscriber{preview.preview.rowCount === 1 ? "" : "s"} found:{" "}
        {preview.preview.newCount} new, {preview.preview.existingCount} already on the list (tags
        merged)
        {preview.preview.duplicateLines.length
          ? `; lines ${preview.preview.duplicateLines.join(", ")} repeat an earlier address and are merged`
          : ""}
        .
      </p>
      {preview.preview.errors.length ? (
        <div role="alert">
          <p className="font-semibold text-red-300">
            {preview.preview.errors.length} line
            {preview.preview.errors.length === 1 ? "" : "s"} to fix before importing:
          </p>
          <ul className="mt-1 list-disc pl-5 text-sm text-red-200">
            {preview.preview.errors.slice(0, 100).map((error) => (
              <li key={error.line}>
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="import" />
          <textarea name="csv" defaultValue={preview.csv} hidden readOnly />
          <button type="submit" className="btn-primary" disabled={isBusy}>
            Import {preview.preview.rowCount} subscriber
            {preview.preview.rowCount === 1 ? "" : "s"}
          </button>
        </Form>
      )}
    </div>
  );
}
