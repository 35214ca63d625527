import { readFile } from "node:fs/promises";
import { Form, Link, useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { FormError, formatDateTime } from "#app/components/business/fields.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { localeFrom } from "#server/business/locale.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { listTimeImports, MAX_IMPORT_BYTES, uploadTimeImport } from "#server/time/import.ts";
import { isAdmin, timeViewerOf } from "#server/time/records.ts";
import { redirectWithToast } from "#server/toast.ts";
import { readUploadForm } from "#server/upload-form.ts";
import { importFormatLabel } from "#shared/time.ts";
import type { Route } from "./+types/import";
import { TimeTabs } from "./time-tabs";

export const meta = () => [{ title: "Import time | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "staff");
  const viewer = timeViewerOf(user, args.context.clientAddress);
  return {
    imports: await listTimeImports({ db: args.context.db, viewer }),
    isAdmin: isAdmin(viewer),
    locale: localeFrom(args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const viewer = timeViewerOf(user, args.context.clientAddress);
  try {
    const upload = await readUploadForm(args.request, {
      dataDir: args.context.env.DATA_DIR,
      fileField: "file",
      maxFileBytes: MAX_IMPORT_BYTES,
      tooLarge: "The file is over 1.5 MB: import it in parts.",
    });
    try {
      if (!upload.file?.size)
        throw new AppError("INVALID", "Choose the CSV file to import.", {
          fieldErrors: { file: ["Choose the CSV file to import."] },
        });
      const bytes = await readFile(upload.file.path);
      let csv: string;
      try {
        csv = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        throw new AppError("INVALID", "The file is not UTF-8 text: export it again as CSV.");
      }
      const id = await uploadTimeImport({
        db: args.context.db,
        viewer,
        filename: upload.file.name,
        csv,
      });
      return redirectWithToast(`/admin/time/import/${id}`, {
        message: "Read: check the preview, then import.",
      });
    } finally {
      await upload.discard();
    }
  } catch (error) {
    return errorResponse(error);
  }
}

export default function ImportScreen({ loaderData }: Route.ComponentProps) {
  const { imports, locale } = loaderData;
  const actionData = useActionData<typeof action>();
  const fieldError =
    actionData && "fieldErrors" in actionData ? actionData.fieldErrors?.file?.[0] : undefined;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Import time"
        description="From the CSV exports of Harvest, Toggl Track or Clockify: a preview first, and a file imported twice adds nothing."
      />
      <TimeTabs isAdmin={loaderData.isAdmin} />
      <Form method="post" encType="multipart/form-data" className="card mb-8 flex flex-col gap-4">
        <div>
          <label htmlFor="import-file" className="field-label">
            CSV file
          </label>
          <input
            id="import-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            className="field-input"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby="import-file-hint"
          />
          <p id="import-file-hint" className="mt-1 text-xs text-mist-400">
            Harvest: Reports → Detailed time → Export → CSV. Toggl Track: Reports → Detailed →
            Export → CSV. Clockify: Reports → Detailed → Export → Save as CSV. People are matched by
            their address (Harvest: by name), projects by name; you choose the rest in the preview.
          </p>
          {fieldError ? <p className="field-error">{fieldError}</p> : null}
        </div>
        <FormError
          error={actionData && "error" in actionData && !fieldError ? actionData.error : undefined}
        />
        <div>
          <button type="submit" className="btn-primary px-5 py-2">
            Read the file
          </button>
        </div>
      </Form>
      <h2 className="heading-md mb-3">Recent imports</h2>
      {imports.length ? (
        <ul className="flex flex-col gap-2 text-sm">
          {imports.map((item) => (
            <li key={item.id}>
              <Link to={`/admin/time/import/${item.id}`} className="text-white hover:underline">
                {item.filename}
              </Link>{" "}
              <span className="text-mist-400">
                {importFormatLabel[item.format]}, read {formatDateTime(item.createdAt, locale)}
                {item.importedAt
                  ? `, ${item.importedCount} entries imported`
                  : ", not imported yet"}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-mist-400">No imports yet.</p>
      )}
    </main>
  );
}
