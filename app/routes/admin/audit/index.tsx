import { type AdminColumn, AdminTable } from "#app/components/admin/admin-table.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { parseListParams } from "#server/admin/list-params.ts";
import { findAuditEvents, listAuditAreas } from "#server/audit/audit.ts";
import { requireRole } from "#server/auth/guard.ts";
import { listStaffUsers } from "#server/auth/users.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Audit log | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const { url } = args;
  const params = parseListParams(url, {
    sortable: ["createdAt"],
    defaultSort: "createdAt",
    defaultDirection: "desc",
    pageSize: 50,
  });
  const actorId = url.searchParams.get("actor")?.slice(0, 100) || undefined;
  const area = url.searchParams.get("area")?.slice(0, 100) || undefined;
  const [events, areas, staff] = await Promise.all([
    findAuditEvents(db, {
      actorId,
      area,
      page: params.page,
      pageSize: params.pageSize,
      after: url.searchParams.get("after") ?? undefined,
      before: url.searchParams.get("before") ?? undefined,
    }),
    listAuditAreas(db),
    listStaffUsers(db),
  ]);
  return {
    rows: events.rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      actor:
        staff.find((user) => user.id === row.actorId)?.email ??
        row.actorEmail ??
        (row.actorId ? row.actorId : "System"),
      action: row.action,
      area: row.area,
      recordId: row.recordId,
      detail: Object.keys(row.detail).length ? JSON.stringify(row.detail) : "",
      address: row.address,
    })),
    total: events.total,
    keyset: {
      previousCursor: events.previousCursor,
      nextCursor: events.nextCursor,
      totalIsEstimate: events.totalIsEstimate,
    },
    page: params.page,
    pageSize: params.pageSize,
    actorId: actorId ?? "",
    area: area ?? "",
    areas,
    people: staff.map((user) => ({ id: user.id, email: user.email })),
  };
}

type Event = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminColumn<Event>[] = [
  {
    key: "createdAt",
    header: "When (UTC)",
    cell: (row) => (
      <time dateTime={row.createdAt}>{row.createdAt.replace("T", " ").slice(0, 19)}</time>
    ),
  },
  { key: "actor", header: "Who", cell: (row) => row.actor },
  { key: "action", header: "What", cell: (row) => row.action },
  { key: "area", header: "Area", cell: (row) => row.area },
  {
    key: "record",
    header: "Record",
    cell: (row) => <span className="break-all font-mono text-xs">{row.recordId ?? "—"}</span>,
  },
  {
    key: "detail",
    header: "Detail",
    cell: (row) => <span className="break-all font-mono text-xs text-mist-300">{row.detail}</span>,
  },
  { key: "address", header: "From", cell: (row) => row.address ?? "—" },
];

export default function AuditScreen({ loaderData }: Route.ComponentProps) {
  const { rows, total, keyset, page, pageSize, actorId, area, areas, people } = loaderData;
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Audit log"
        description="Every change staff made in the command center: who, what, which record, when and from where."
      />
      <AdminTable
        label="Audit events"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={total}
        keyset={keyset}
        emptyMessage="No changes recorded for this filter."
        filters={
          <>
            <div>
              <label htmlFor="audit-actor" className="field-label">
                Person
              </label>
              <select id="audit-actor" name="actor" defaultValue={actorId} className="field-input">
                <option value="">Everyone</option>
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.email}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="audit-area" className="field-label">
                Area
              </label>
              <select id="audit-area" name="area" defaultValue={area} className="field-input">
                <option value="">All areas</option>
                {areas.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          </>
        }
      />
    </main>
  );
}
