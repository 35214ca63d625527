import { useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { Pagination } from "#app/components/admin/pagination.tsx";
import { StatusFilter } from "#app/components/admin/status-filter.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { pageFrom } from "#server/business/list-query.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import {
  addSubscriber,
  deleteSubscribers,
  findSubscribers,
  findSubscriberTags,
  importSubscribers,
  previewSubscriberImport,
  SUBSCRIBERS_PAGE_SIZE,
  subscriberStatuses,
} from "#server/marketing/subscribers.ts";
import { redirectWithToast } from "#server/toast.ts";
import { statusFilterFrom } from "#shared/status-filter.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Subscribers · Command center" }];

const MAX_CSV_BYTES = 5 * 1024 * 1024;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const url = new URL(args.request.url);
  const status = statusFilterFrom(url, subscriberStatuses);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const tag = url.searchParams.get("tag")?.trim().slice(0, 40) ?? "";
  const page = pageFrom(url);
  const [result, tags] = await Promise.all([
    findSubscribers({ db: args.context.db, q, status, tag: tag || undefined, page }),
    findSubscriberTags(args.context.db),
  ]);
  return {
    ...result,
    tags,
    q,
    status: status ?? "",
    tag,
    statuses: subscriberStatuses,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
  };
}

async function readCsv(form: FormData) {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_CSV_BYTES)
      throw new AppError("PAYLOAD_TOO_LARGE", "The CSV file is larger than 5 MB; split it.");
    return file.text();
  }
  const text = String(form.get("csv") ?? "");
  if (!text.trim()) throw new AppError("INVALID", "Choose a CSV file to import.");
  if (text.length > MAX_CSV_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", "The CSV file is larger than 5 MB; split it.");
  return text;
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { db, clientAddress } = args.context;
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const here = `/admin/subscribers${new URL(args.request.url).search}`;
  try {
    switch (intent) {
      case "add": {
        await addSubscriber({
          db,
          input: Object.fromEntries(form),
          actor: user,
          address: clientAddress,
        });
        return redirectWithToast(here, {
          message: `${String(form.get("email")).trim().toLowerCase()} added.`,
        });
      }
      case "preview": {
        const csv = await readCsv(form);
        const report = await previewSubscriberImport({ db, csv });
        return {
          ok: true as const,
          preview: { ...report, rows: report.rows.slice(0, 20), rowCount: report.rows.length },
          csv,
        };
      }
      case "import": {
        const report = await importSubscribers({
          db,
          csv: await readCsv(form),
          actor: user,
          address: clientAddress,
        });
        return redirectWithToast(here, {
          message: `Imported ${report.rows.length} subscriber${report.rows.length === 1 ? "" : "s"}: ${report.newCount} new, ${report.existingCount} merged.`,
        });
      }
      case "delete": {
        const count = await deleteSubscribers({
          db,
          ids: form.getAll("ids").map(String),
          actor: user,
          address: clientAddress,
        });
        return redirectWithToast(here, {
          message: `${count} subscriber${count === 1 ? "" : "s"} deleted for good.`,
        });
      }
      default:
        throw new AppError("INVALID", "Choose what to do.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}

const statusLabels = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

const statusColours: Record<string, string> = {
  confirmed: "bg-emerald-500/15 text-emerald-300",
  pending: "bg-white/10 text-mist-300",
  unsubscribed: "bg-frontier-orange/15 text-orange-200",
  bounced: "bg-red-500/15 text-red-300",
};

export default function SubscribersScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, tags, q, status, tag, statuses, pageSize } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const [selected, setSelected] = useState<string[]>([]);
  const [isConfirming, setConfirming] = useState(false);
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const preview = actionData?.ok && "preview" in actionData ? actionData : undefined;
  const isBusy = navigation.state === "submitting";
  const exportQuery = new URLSearchParams(location.search);
  exportQuery.delete("page");

  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Subscribers"
        description="The newsletter list: search, tag, import and export."
        actions={
          <a href={`/admin/subscribers/export?${exportQuery}`} className="btn-secondary" download>
            Export CSV
          </a>
        }
      />
      {failed ? (
        <div className="field-error mb-4" role="alert">
          {failed.error}
        </div>
      ) : null}

      <div className="mb-8 grid gap-6 xl:grid-cols-2">
        <Form method="post" className="card space-y-3 p-5" aria-labelledby="add-heading">
          <h2 id="add-heading" className="heading-md">
            Add by hand
          </h2>
          <input type="hidden" name="intent" value="add" />
          <div className="grid gap-3 sm:grid-cols-3">
            <div>
              <label htmlFor="add-email" className="field-label">
                Email
              </label>
              <input id="add-email" name="email" type="email" required className="field-input" />
              {failed?.fieldErrors?.email ? (
                <p className="field-error">{failed.fieldErrors.email[0]}</p>
              ) : null}
            </div>
            <div>
              <label htmlFor="add-name" className="field-label">
                Name
              </label>
              <input id="add-name" name="name" className="field-input" />
            </div>
            <div>
              <label htmlFor="add-tags" className="field-label">
                Tags
              </label>
              <input id="add-tags" name="tags" className="field-input" placeholder="vip; events" />
            </div>
          </div>
          <p className="text-xs text-mist-400">
            Only add people who agreed to receive the newsletter: they are confirmed at once.
          </p>
          <button type="submit" className="btn-primary" disabled={isBusy}>
            Add subscriber
          </button>
        </Form>

        <section className="card space-y-3 p-5" aria-labelledby="import-heading">
          <h2 id="import-heading" className="heading-md">
            Import a CSV
          </h2>
          <p className="text-sm text-mist-300">
            Columns: <code>email</code> (required), <code>name</code>, <code>tags</code> (separated
            by ; or |). Lines are checked first; nothing is imported until every line is right.
          </p>
          <Form
            method="post"
            encType="multipart/form-data"
            className="flex flex-wrap items-end gap-3"
          >
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
          {preview ? (
            <div
              className="space-y-3 rounded-lg border border-white/10 p-4"
              data-testid="import-preview"
            >
              <p>
                {preview.preview.rowCount} subscriber{preview.preview.rowCount === 1 ? "" : "s"}{" "}
                found: {preview.preview.newCount} new, {preview.preview.existingCount} already on
                the list (tags merged)
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
          ) : null}
        </section>
      </div>

      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor="q" className="field-label">
            Search email or name
          </label>
          <input id="q" name="q" type="search" defaultValue={q} className="field-input" />
        </div>
        <StatusFilter id="status" statuses={statuses} labels={statusLabels} value={status} />
        <div>
          <label htmlFor="tag" className="field-label">
            Tag
          </label>
          <select id="tag" name="tag" defaultValue={tag} className="field-input">
            <option value="">Any</option>
            {tags.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary px-5 py-2">
          Filter
        </button>
      </Form>

      <div className="mb-3 flex items-center gap-3">
        <span className="text-sm text-mist-300">
          {total} subscriber{total === 1 ? "" : "s"} · {selected.length} selected
        </span>
        <button
          type="button"
          className="btn-secondary px-4 py-1.5 text-sm"
          disabled={selected.length === 0}
          onClick={() => setConfirming(true)}
        >
          Delete selected for good
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="card text-mist-300">No subscribers match.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-white/10">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Subscribers</caption>
            <thead className="bg-ink-800/80 text-xs uppercase tracking-wider text-mist-400">
              <tr>
                <th scope="col" className="px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label="Select all on this page"
                    checked={selected.length === rows.length}
                    onChange={(event) =>
                      setSelected(event.target.checked ? rows.map((row) => row.id) : [])
                    }
                  />
                </th>
                <th scope="col" className="px-4 py-3">
                  Email
                </th>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  State
                </th>
                <th scope="col" className="px-4 py-3">
                  Tags
                </th>
                <th scope="col" className="px-4 py-3">
                  Since
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {rows.map((row) => (
                <tr key={row.id} className="bg-ink-900/40">
                  <td className="px-4 py-3">
                    <input
                      type="checkbox"
                      aria-label={`Select ${row.email}`}
                      checked={selected.includes(row.id)}
                      onChange={(event) =>
                        setSelected((current) =>
                          event.target.checked
                            ? [...current, row.id]
                            : current.filter((id) => id !== row.id),
                        )
                      }
                    />
                  </td>
                  <td className="px-4 py-3">{row.email}</td>
                  <td className="px-4 py-3">{row.name ?? ""}</td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs ${statusColours[row.status] ?? ""}`}
                    >
                      {row.status}
                    </span>
                  </td>
                  <td className="px-4 py-3">{row.tags.join(", ")}</td>
                  <td className="px-4 py-3">{new Date(row.createdAt).toLocaleDateString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4">
        <Pagination page={page} pageSize={pageSize} total={total} />
      </div>
      <Form method="post" id="delete-subscribers" hidden>
        <input type="hidden" name="intent" value="delete" />
        {selected.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
      </Form>
      <ConfirmModal
        open={isConfirming}
        title={`Delete ${selected.length} subscriber${selected.length === 1 ? "" : "s"} for good?`}
        confirmLabel="Delete for good"
        isDanger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          (
            document.getElementById("delete-subscribers") as HTMLFormElement | null
          )?.requestSubmit();
          setSelected([]);
        }}
      >
        <p>
          Their address, tags and delivery history are erased. To keep them from mail instead, leave
          them unsubscribed.
        </p>
      </ConfirmModal>
    </main>
  );
}
