import { useEffect } from "react";
import { Form, Link, useActionData, useNavigation, useRevalidator } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { Pagination } from "#app/components/admin/pagination.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import {
  attachUploadsZip,
  cancelImport,
  findImportItems,
  getImportRun,
  startImport,
} from "#server/imports/runs.ts";
import { redirectWithToast } from "#server/toast.ts";
import { readUploadForm, type UploadForm } from "#server/upload-form.ts";
import {
  IMPORT_ITEMS_PAGE_SIZE,
  type ItemFilter,
  importFileLimits,
  importKindNames,
  itemFilters,
} from "#shared/imports.ts";
import type { Route } from "./+types/run";
import { ImportItemsTable } from "./items-table";
import { actionText, countLines, formatBytes, outcomeText, runStatusText } from "./labels";

export const meta = () => [{ title: "Import | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const id = requireIdParam(args.params.id);
  const { db } = args.context;
  const run = await getImportRun(db, id);
  if (!run) throw new Response("Not Found", { status: 404 });
  const requested = args.url.searchParams.get("show") ?? "all";
  const filter = (itemFilters as readonly string[]).includes(requested)
    ? (requested as ItemFilter)
    : "all";
  const page = Math.max(1, Number.parseInt(args.url.searchParams.get("page") ?? "1", 10) || 1);
  const items = await findImportItems({ db, runId: id, filter, page });
  return {
    run: {
      id: run.id,
      kind: run.kind,
      kindName: importKindNames[run.kind],
      status: run.status,
      fileName: run.fileName,
      fileBytes: run.fileBytes,
      zipName: run.zipName,
      bytesRead: run.bytesRead,
      itemCount: run.itemCount,
      cursor: run.cursor,
      planned: run.planned,
      outcomes: run.outcomes,
      facts: run.facts,
      error: run.error,
      needsConsent: Boolean(run.facts.needsConsent) && !run.options.allAgreed,
    },
    items: items.rows.map((row) => ({
      position: row.position,
      itemKind: row.itemKind,
      origin: row.origin,
      label: row.label,
      action: row.action,
      reason: row.reason,
      outcome: row.outcome,
      outcomeNote: row.outcomeNote,
      targetHref: row.targetHref,
    })),
    total: items.total,
    page: items.page,
    filter,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const id = requireIdParam(args.params.id);
  const { context, request } = args;
  const actor = { id: user.id, name: user.name, email: user.email, address: context.clientAddress };
  let upload: UploadForm | undefined;
  try {
    if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
      upload = await readUploadForm(request, {
        dataDir: context.env.DATA_DIR,
        fileField: "zip",
        maxFileBytes: importFileLimits.zip,
        tooLarge: "The zip is larger than 2 GB; use npm run import on the server.",
      });
      if (!upload.file || upload.file.size === 0)
        throw new AppError("INVALID", "Choose the zip of the uploads folder.");
      await attachUploadsZip({ db: context.db, env: context.env, id, file: upload.file, actor });
      return redirectWithToast(`/admin/import/${id}`, {
        message: "The preview is made again with the uploads folder.",
      });
    }
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "import") {
      await startImport({ db: context.db, id, actor, allAgreed: form.get("allAgreed") === "on" });
      return redirectWithToast(`/admin/import/${id}`, { message: "Import started." });
    }
    if (intent === "cancel") {
      await cancelImport({ db: context.db, env: context.env, id, actor });
      return redirectWithToast("/admin/import", {
        message: "Import cancelled: nothing was imported.",
      });
    }
    throw new AppError("INVALID", "That request could not be read.");
  } catch (error) {
    return errorResponse(error);
  } finally {
    await upload?.discard();
  }
}

type LoaderRun = Route.ComponentProps["loaderData"]["run"];

function Progress({ run }: { run: LoaderRun }) {
  const isReading = run.status === "analysing";
  const isImporting = run.status === "importing";
  if (!isReading && !isImporting) return null;
  const percent = isReading
    ? Math.min(99, Math.round((run.bytesRead / Math.max(run.fileBytes, 1)) * 100))
    : Math.min(99, Math.round((run.cursor / Math.max(run.itemCount, 1)) * 100));
  const label = isReading ? "Reading the file" : "Import progress";
  return (
    <section aria-labelledby="progress-heading" className="card mb-8" aria-live="polite">
      <h2 id="progress-heading" className="heading-md">
        {isReading ? "Reading the file…" : "Importing…"}
      </h2>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-4 h-2 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full bg-frontier-orange transition-all"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-3 text-sm text-mist-300">
        {isReading
          ? `${formatBytes(run.bytesRead)} of ${formatBytes(run.fileBytes)} read.`
          : `${run.cursor} of ${run.itemCount} entries of the file done.`}{" "}
        This page follows it; you may leave it, the work goes on.
      </p>
    </section>
  );
}

function Counts({
  title,
  counts,
  words,
}: {
  title: string;
  counts: Record<string, number>;
  words: Record<string, string>;
}) {
  const lines = countLines(counts);
  if (!lines.length) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-white">{title}</h3>
      <ul className="mt-2 space-y-1 text-sm text-mist-300">
        {lines.map((line) => (
          <li key={line.key}>
            {words[line.what] ?? line.what} {line.kind}:{" "}
            <strong className="text-white">{line.count}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ImportActions({ run }: { run: LoaderRun }) {
  const isBusy = useNavigation().state !== "idle";
  if (run.status !== "ready") return null;
  const toCreate = Object.entries(run.planned)
    .filter(([key]) => key.endsWith(":create") || key.endsWith(":update"))
    .reduce((sum, [, count]) => sum + count, 0);
  return (
    <section aria-labelledby="decide-heading" className="card space-y-4">
      <h2 id="decide-heading" className="heading-md">
        Import it?
      </h2>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="import" />
        {run.needsConsent ? (
          <label className="flex items-start gap-2 text-sm text-mist-200">
            <input type="checkbox" name="allAgreed" required className="mt-1" />
            Everyone in this list agreed to receive the newsletter (the file has no status column).
          </label>
        ) : null}
        <button type="submit" className="btn-primary" disabled={isBusy || toCreate === 0}>
          {toCreate ? `Import ${toCreate} item${toCreate === 1 ? "" : "s"}` : "Nothing to import"}
        </button>
      </Form>
      {run.kind === "wordpress" || run.kind === "ghost" ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-2 border-t border-white/10 pt-4"
        >
          <label htmlFor="import-zip" className="field-label">
            {run.zipName
              ? `Uploads folder: ${run.zipName}. Another zip:`
              : "Images from the uploads folder (a zip, optional)"}
          </label>
          <input
            id="import-zip"
            name="zip"
            type="file"
            accept=".zip,application/zip"
            required
            className="text-sm"
          />
          <button type="submit" className="btn-secondary" disabled={isBusy}>
            Add the uploads folder
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="btn-secondary" disabled={isBusy}>
          Cancel this import
        </button>
      </Form>
    </section>
  );
}

const filterNames: Record<ItemFilter, string> = {
  all: "Everything",
  create: "To create",
  skip: "Skipped",
  problems: "Problems",
};

export default function ImportRunScreen({ loaderData }: Route.ComponentProps) {
  const { run, items, total, page, filter } = loaderData;
  const result = useActionData<typeof action>() as { ok: false; error: string } | undefined;
  const revalidator = useRevalidator();
  const isWorking = run.status === "analysing" || run.status === "importing";
  useEffect(() => {
    if (!isWorking) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [isWorking, revalidator]);
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title={run.fileName}
        back={{ to: "/admin/import", label: "Imports" }}
        description={`${run.kindName}, ${formatBytes(run.fileBytes)}${run.zipName ? ` with ${run.zipName}` : ""}: ${runStatusText[run.status]}.`}
      />
      {result && !result.ok ? (
        <p
          role="alert"
          className="mb-6 rounded-lg border border-red-400/40 bg-red-500/10 px-4 py-2 text-sm text-red-200"
        >
          {result.error}
        </p>
      ) : null}
      {run.error ? (
        <p
          role="alert"
          className="mb-6 rounded-lg border border-red-400/40 bg-red-500/10 px-4 py-2 text-sm text-red-200"
        >
          {run.error}
        </p>
      ) : null}
      <Progress run={run} />
      {run.status === "done" ? (
        <p
          role="status"
          className="mb-6 rounded-lg border border-emerald-400/40 bg-emerald-500/10 px-4 py-2 text-sm text-emerald-100"
        >
          Import finished. Each row says what became of it.
        </p>
      ) : null}
      <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
        <section aria-labelledby="rows-heading" className="card min-w-0">
          <h2 id="rows-heading" className="heading-md">
            {run.status === "done" ? "What happened" : "Preview"}
          </h2>
          <nav aria-label="Show" className="mt-3 flex flex-wrap gap-2 text-sm">
            {itemFilters.map((name) => (
              <Link
                key={name}
                to={
                  name === "all"
                    ? `/admin/import/${run.id}`
                    : `/admin/import/${run.id}?show=${name}`
                }
                aria-current={filter === name ? "page" : undefined}
                className={`rounded-lg border px-3 py-1 ${filter === name ? "border-frontier-blue bg-frontier-blue/15 text-white" : "border-white/10 text-mist-300 hover:text-white"}`}
              >
                {filterNames[name]}
              </Link>
            ))}
          </nav>
          <ImportItemsTable items={items} />
          <div className="mt-4">
            <Pagination page={page} pageSize={IMPORT_ITEMS_PAGE_SIZE} total={total} />
          </div>
        </section>
        <div className="space-y-8">
          <ImportActions run={run} />
          <section aria-labelledby="summary-heading" className="card space-y-4">
            <h2 id="summary-heading" className="heading-md">
              Summary
            </h2>
            <Counts title="The preview" counts={run.planned} words={actionText} />
            <Counts title="The import" counts={run.outcomes} words={outcomeText} />
            {!Object.keys(run.planned).length ? (
              <p className="text-sm text-mist-300">Counted once the file is read.</p>
            ) : null}
          </section>
        </div>
      </div>
    </main>
  );
}
