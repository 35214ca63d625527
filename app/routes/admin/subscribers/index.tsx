import { useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { KeysetPagination } from "#app/components/admin/pagination.tsx";
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
import { listCountText } from "#shared/list-count.ts";
import { statusFilterFrom } from "#shared/status-filter.ts";
import type { Route } from "./+types/index";
import { AddSubscriberForm } from "./add-subscriber-form";
import { DeleteSubscribersDialog } from "./delete-subscribers-dialog";
import { ImportForm } from "./import-form";
import { SubscriberFilters } from "./subscriber-filters";
import { SubscriberTable } from "./subscriber-table";

export const meta: Route.MetaFunction = () => [{ title: "Subscribers · Command center" }];

const MAX_CSV_BYTES = 5 * 1024 * 1024;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { url } = args;
  const status = statusFilterFrom(url, subscriberStatuses);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const tag = url.searchParams.get("tag")?.trim().slice(0, 40) ?? "";
  const page = pageFrom(url);
  const [result, tags] = await Promise.all([
    findSubscribers({
      db: args.context.db,
      q,
      status,
      tag: tag || undefined,
      page,
      after: url.searchParams.get("after") ?? undefined,
      before: url.searchParams.get("before") ?? undefined,
    }),
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
  const here = `/admin/subscribers${args.url.search}`;
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

export default function SubscribersScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, tags, q, status, tag, statuses } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const [selected, setSelected] = useState<string[]>([]);
  const [isConfirming, setConfirming] = useState(false);
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const preview = actionData?.ok && "preview" in actionData ? actionData : undefined;
  const isBusy = navigation.state === "submitting";
  const exportQuery = new URLSearchParams(location.search);
  for (const name of ["page", "after", "before"]) exportQuery.delete(name);

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
        <AddSubscriberForm fieldErrors={failed?.fieldErrors} isBusy={isBusy} />
        <ImportForm preview={preview} isBusy={isBusy} />
      </div>

      <SubscriberFilters q={q} status={status} statuses={statuses} tag={tag} tags={tags} />

      <div className="mb-3 flex items-center gap-3">
        <span className="text-sm text-mist-300">
          {listCountText(total, loaderData.totalIsEstimate)} subscriber{total === 1 ? "" : "s"} ·{" "}
          {selected.length} selected
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
      <SubscriberTable rows={rows} selected={selected} onSelectedChange={setSelected} />
      <div className="mt-4">
        <KeysetPagination {...loaderData} total={total} />
      </div>
      <DeleteSubscribersDialog
        selected={selected}
        open={isConfirming}
        onClose={() => setConfirming(false)}
        onDeleted={() => setSelected([])}
      />
    </main>
  );
}
