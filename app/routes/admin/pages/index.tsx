import { Link } from "react-router";
import { AdminTable } from "#app/components/admin/admin-table.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { StatusBadge } from "#app/components/admin/status-badge.tsx";
import { StatusFilter } from "#app/components/admin/status-filter.tsx";
import { loadPageList } from "#server/pages/page-routes.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Pages · Command center" }];

export const loader = (args: Route.LoaderArgs) => loadPageList(args);

const statuses = ["draft", "scheduled", "published"] as const;
const statusLabels = { draft: "Draft", scheduled: "Scheduled", published: "Live" };

/** The site's pages built from blocks: Home, FAQ, Pricing and every landing page. */
export default function PageListScreen({ loaderData }: Route.ComponentProps) {
  const { rows, q, status } = loaderData;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Pages"
        description="The site's pages built from blocks: Home, About Us, FAQ, Pricing and landing pages at any free address."
        actions={
          <Link to="/admin/pages/create" className="btn-primary">
            New page
          </Link>
        }
      />
      <AdminTable
        label="Pages"
        rows={rows}
        rowKey={(row) => row.id}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        total={rows.length}
        q={q}
        searchLabel="Search by title or address"
        filters={
          <StatusFilter
            id="status-filter"
            statuses={statuses}
            labels={statusLabels}
            value={status}
          />
        }
        emptyMessage="No pages match."
        emptyAction={
          <Link to="/admin/pages/create" className="text-frontier-blue underline">
            Make a page
          </Link>
        }
        columns={[
          {
            key: "title",
            header: "Title",
            cell: (row) => (
              <Link
                to={`/admin/pages/edit/${row.id}`}
                className="font-medium text-white hover:underline"
              >
                {row.title}
              </Link>
            ),
          },
          {
            key: "path",
            header: "Address",
            cell: (row) => (
              <span className="font-mono text-sm">
                {row.path}
                {row.isNoindex ? (
                  <span className="ml-2 text-mist-400">(hidden from search)</span>
                ) : null}
              </span>
            ),
          },
          {
            key: "status",
            header: "State",
            cell: (row) => <StatusBadge status={row.status} at={row.publishAt} />,
          },
          {
            key: "updated",
            header: "Last changed",
            cell: (row) => (
              <time dateTime={new Date(row.updatedAt).toISOString()}>
                {new Date(row.updatedAt).toLocaleString()}
              </time>
            ),
          },
          {
            key: "actions",
            header: "Actions",
            cell: (row) => (
              <span className="flex gap-3">
                <a
                  href={`/admin/pages/preview?id=${row.id}`}
                  className="text-frontier-blue underline"
                >
                  Preview<span className="sr-only"> {row.title}</span>
                </a>
                {row.status === "published" ? (
                  <a href={row.path} className="text-frontier-blue underline">
                    View<span className="sr-only"> {row.title}</span>
                  </a>
                ) : null}
              </span>
            ),
          },
        ]}
      />
    </main>
  );
}
