import { PageHeader } from "#app/components/admin/page-header.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { excludedTables } from "#server/exports/contents.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Export | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return { excluded: Object.entries(excludedTables).map(([table, reason]) => ({ table, reason })) };
}

export default function ExportScreen({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Export everything"
        description="One zip with every record (a JSON file per kind) and every uploaded file: yours to keep, or to load into another Frontier with npm run import -- frontier."
      />
      <section aria-labelledby="download-heading" className="card max-w-3xl space-y-4">
        <h2 id="download-heading" className="heading-md">
          Download the archive
        </h2>
        <p className="text-sm text-mist-300">
          It holds every client's and subscriber's data: keep it as carefully as the server. Making
          it is recorded in the audit log. A large site takes a while; the download starts at once.
        </p>
        {/* A plain link: the browser downloads the stream itself. */}
        <a href="/admin/export/archive" className="btn-primary inline-flex" download>
          Download the export
        </a>
        <details className="text-sm text-mist-300">
          <summary className="cursor-pointer text-white">What is never in it</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {loaderData.excluded.map((item) => (
              <li key={item.table}>
                <code>{item.table}</code>: {item.reason}
              </li>
            ))}
            <li>
              <code>webhook_endpoints.secret</code>: each endpoint gets a new secret, switched off,
              where it is loaded
            </li>
          </ul>
        </details>
      </section>
    </main>
  );
}
