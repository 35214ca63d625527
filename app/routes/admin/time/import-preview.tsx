import { Form } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { FormError } from "#app/components/business/fields.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import { listLoggableProjects } from "#server/time/entries.ts";
import { commitTimeImport, previewTimeImport } from "#server/time/import.ts";
import { isAdmin, timeViewerOf } from "#server/time/records.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/import-preview";
import { ProjectOptions, TimeTabs } from "./time-tabs";

export const meta = () => [{ title: "Import preview | Command Center" }];

/** The projects chosen for the file's projects: `map.<source project>` = a project id. */
function projectMapFrom(source: URLSearchParams | FormData) {
  const map: Record<string, string> = {};
  for (const [key, value] of source.entries())
    if (key.startsWith("map.") && typeof value === "string" && value)
      map[key.slice(4, 400)] = value;
  return map;
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "staff");
  const id = requireIdParam(args.params.id);
  const viewer = timeViewerOf(user, args.context.clientAddress);
  try {
    const [preview, projects] = await Promise.all([
      previewTimeImport({
        db: args.context.db,
        viewer,
        id,
        projectMap: projectMapFrom(args.url.searchParams),
      }),
      listLoggableProjects(args.context.db),
    ]);
    return { preview, projects, isAdmin: isAdmin(viewer) };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND")
      throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const id = requireIdParam(args.params.id);
  const form = await readForm(args.request);
  try {
    const { added, refused } = await commitTimeImport({
      db: args.context.db,
      viewer: timeViewerOf(user, args.context.clientAddress),
      id,
      projectMap: projectMapFrom(form),
    });
    return redirectWithToast(`/admin/time/import/${id}`, {
      message: `${added} ${added === 1 ? "entry" : "entries"} imported${refused ? `, ${refused} refused` : ""}.`,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

const statusLabel = { new: "Will be imported", duplicate: "Already imported", refused: "Refused" };

export default function ImportPreviewScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { preview, projects } = loaderData;
  const mapping = (
    <>
      {preview.sourceProjects.map((source, index) => (
        <div key={source.key} className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={`map-${index}`} className="min-w-56 text-mist-300">
            {source.key}
          </label>
          <select
            id={`map-${index}`}
            name={`map.${source.key}`}
            defaultValue={source.projectId}
            className="field-input py-1.5 text-sm sm:w-80"
          >
            <option value="">No project: refuse its rows</option>
            <ProjectOptions projects={projects} />
          </select>
        </div>
      ))}
    </>
  );
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title={`Import ${preview.filename}`}
        back={{ to: "/admin/time/import", label: "Import time" }}
        description={`${preview.formatLabel}: ${preview.counts.new} to import, ${preview.counts.duplicate} imported before, ${preview.counts.refused} refused.`}
      />
      <TimeTabs isAdmin={loaderData.isAdmin} />
      <section aria-labelledby="columns-heading" className="card mb-6">
        <h2 id="columns-heading" className="heading-md mb-2">
          Columns read
        </h2>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {preview.columns.map((column) => (
            <div key={column.field} className="flex gap-2">
              <dt className="text-mist-400">{column.field}:</dt>
              <dd className="text-white">{column.columns.join(" + ") || "not in the file"}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="projects-heading" className="card mb-6">
        <h2 id="projects-heading" className="heading-md mb-2">
          Projects
        </h2>
        <Form method="get" className="flex flex-col gap-2">
          {mapping}
          <div>
            <button type="submit" className="btn-secondary mt-2 px-4 py-2 text-sm">
              Preview again
            </button>
          </div>
        </Form>
      </section>
      <FormError error={actionData && "error" in actionData ? actionData.error : undefined} />
      <div className="overflow-x-auto rounded-xl border border-white/10">
        <table className="w-full text-sm" data-testid="import-rows">
          <thead>
            <tr className="border-b border-white/10 text-left text-mist-400">
              <th scope="col" className="px-3 py-2 font-medium">
                Line
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Person
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Day
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Project
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Hours
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Note
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                What happens
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className="border-b border-white/5">
                <td className="px-3 py-2 text-mist-400">{row.line}</td>
                <td className="px-3 py-2">{row.person}</td>
                <td className="px-3 py-2 whitespace-nowrap">{row.day}</td>
                <td className="px-3 py-2">{row.project}</td>
                <td className="px-3 py-2 text-right font-mono tabular-nums">{row.hours}</td>
                <td className="px-3 py-2 text-mist-300">{row.note}</td>
                <td
                  className={`px-3 py-2 ${row.status === "refused" ? "text-red-300" : row.status === "new" ? "text-emerald-300" : "text-mist-400"}`}
                >
                  {statusLabel[row.status]}
                  {row.reason ? `: ${row.reason}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.counts.new ? (
        <Form method="post" className="mt-6">
          {preview.sourceProjects.map((source) =>
            source.projectId ? (
              <input
                key={source.key}
                type="hidden"
                name={`map.${source.key}`}
                value={source.projectId}
              />
            ) : null,
          )}
          <button type="submit" className="btn-primary px-5 py-2">
            Import {preview.counts.new} {preview.counts.new === 1 ? "entry" : "entries"}
          </button>
        </Form>
      ) : (
        <p className="mt-6 text-sm text-mist-400">Nothing new to import.</p>
      )}
    </main>
  );
}
