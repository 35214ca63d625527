import { Form, Link, useActionData, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { formatBytes, runStatusText } from "#app/routes/admin/import/labels.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { createImportRun, findImportRuns, isImportKind } from "#server/imports/runs.ts";
import { redirectWithToast } from "#server/toast.ts";
import { readUploadForm, type UploadForm } from "#server/upload-form.ts";
import { importFileLimits, importKindList, importKindNames } from "#shared/imports.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Import | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const runs = await findImportRuns(args.context.db);
  return {
    runs: runs.map((run) => ({
      id: run.id,
      kind: run.kind,
      status: run.status,
      fileName: run.fileName,
      fileBytes: run.fileBytes,
      createdAt: run.createdAt.toISOString(),
      actorEmail: run.actorEmail,
    })),
  };
}

/** A file sent: kept for its import, whose preview a job makes; the page of the import follows it. */
export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { context } = args;
  let upload: UploadForm | undefined;
  try {
    upload = await readUploadForm(args.request, {
      dataDir: context.env.DATA_DIR,
      fileField: "file",
      maxFileBytes: importFileLimits.source,
      tooLarge: "The export is larger than 512 MB; use npm run import on the server.",
    });
    const kind = upload.fields.get("kind");
    if (!isImportKind(kind))
      throw new AppError("INVALID", "Choose what the file is.", {
        fieldErrors: { kind: ["Choose what the file is."] },
      });
    if (!upload.file || upload.file.size === 0)
      throw new AppError("INVALID", "Choose the export file.", {
        fieldErrors: { file: ["Choose the export file."] },
      });
    const siteUrl = String(upload.fields.get("siteUrl") ?? "").trim();
    if (siteUrl && !/^https?:\/\/[^\s]+$/i.test(siteUrl))
      throw new AppError("INVALID", "Enter the old site's address as https://…", {
        fieldErrors: { siteUrl: ["Enter an address starting with https://"] },
      });
    const run = await createImportRun({
      db: context.db,
      env: context.env,
      kind,
      file: upload.file,
      options: siteUrl ? { siteUrl } : {},
      actor: { id: user.id, name: user.name, email: user.email, address: context.clientAddress },
    });
    return redirectWithToast(`/admin/import/${run.id}`, {
      message: "The file is being read: its preview follows.",
    });
  } catch (error) {
    return errorResponse(error);
  } finally {
    await upload?.discard();
  }
}

export default function ImportScreen({ loaderData }: Route.ComponentProps) {
  const { runs } = loaderData;
  const result = useActionData<typeof action>() as
    | { ok: false; error: string; fieldErrors?: Record<string, string[]> }
    | undefined;
  const isBusy = useNavigation().state !== "idle";
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Import"
        description={
          <>
            Move an existing site, list and books in: WordPress and Ghost posts become insights, a
            newsletter list becomes subscribers, Invoice Ninja or Harvest exports become clients and
            invoices. Every file is previewed row by row first; nothing is created twice when a file
            is imported again. To move a whole Frontier, use{" "}
            <Link to="/admin/export" className="text-frontier-blue hover:underline">
              Export
            </Link>{" "}
            and <code>npm run import -- frontier</code>.
          </>
        }
      />
      <div className="grid gap-8 xl:grid-cols-[28rem_1fr]">
        <section aria-labelledby="start-heading" className="card space-y-4">
          <h2 id="start-heading" className="heading-md">
            Start an import
          </h2>
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <div>
              <label htmlFor="import-kind" className="field-label">
                What the file is
              </label>
              <select id="import-kind" name="kind" className="field-input" required defaultValue="">
                <option value="" disabled>
                  Choose…
                </option>
                {importKindList.map((kind) => (
                  <option key={kind} value={kind}>
                    {importKindNames[kind]}
                  </option>
                ))}
              </select>
              {result?.fieldErrors?.kind ? (
                <p className="field-error">{result.fieldErrors.kind[0]}</p>
              ) : null}
            </div>
            <div>
              <label htmlFor="import-file" className="field-label">
                Export file (at most 512 MB)
              </label>
              <input
                id="import-file"
                name="file"
                type="file"
                required
                className="text-sm"
                accept=".xml,.json,.csv,.txt"
              />
              {result?.fieldErrors?.file ? (
                <p className="field-error">{result.fieldErrors.file[0]}</p>
              ) : null}
            </div>
            <div>
              <label htmlFor="import-site" className="field-label">
                The old site's address (optional)
              </label>
              <input
                id="import-site"
                name="siteUrl"
                type="url"
                placeholder="https://blog.example.com"
                className="field-input"
                aria-describedby="import-site-help"
              />
              <p id="import-site-help" className="mt-1 text-xs text-mist-400">
                For Ghost exports (they do not carry it): images are fetched from there and old
                addresses under its path are redirected.
              </p>
              {result?.fieldErrors?.siteUrl ? (
                <p className="field-error">{result.fieldErrors.siteUrl[0]}</p>
              ) : null}
            </div>
            {result && !result.ok && !result.fieldErrors ? (
              <p role="alert" className="text-sm text-red-300">
                {result.error}
              </p>
            ) : null}
            <button type="submit" className="btn-primary" disabled={isBusy}>
              {isBusy ? "Sending…" : "Read the file"}
            </button>
          </Form>
        </section>
        <section aria-labelledby="runs-heading" className="card">
          <h2 id="runs-heading" className="heading-md">
            Recent imports
          </h2>
          {runs.length ? (
            <ul className="mt-4 divide-y divide-white/10">
              {runs.map((run) => (
                <li key={run.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <Link
                    to={`/admin/import/${run.id}`}
                    className="font-medium text-frontier-blue hover:underline"
                  >
                    {run.fileName}
                  </Link>
                  <span className="text-sm text-mist-300">
                    {importKindNames[run.kind]} · {formatBytes(run.fileBytes)} ·{" "}
                    {runStatusText[run.status]} ·{" "}
                    <time dateTime={run.createdAt}>
                      {run.createdAt.slice(0, 16).replace("T", " ")}
                    </time>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-mist-300">Nothing imported yet.</p>
          )}
        </section>
      </div>
    </main>
  );
}
