import { Link } from "react-router";
import { type AdminColumn, AdminTable } from "#app/components/admin/admin-table.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { StatusBadge } from "#app/components/admin/status-badge.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { pageFrom } from "#server/business/list-query.ts";
import { findEpisodesForAdmin } from "#server/podcasts/episodes.ts";
import { formatDurationInput, isBlockedAudioUrl } from "#shared/podcasts-admin.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Podcasts | Command Center" }];

const filters = ["", "draft", "scheduled", "published", "audio", "video"] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { url } = args;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const statusParam = url.searchParams.get("status") ?? "";
  const status = (filters as readonly string[]).includes(statusParam) ? statusParam : "";
  const page = pageFrom(url);
  const list = await findEpisodesForAdmin(args.context.db, {
    page,
    search: q,
    status: status || undefined,
    after: url.searchParams.get("after") ?? undefined,
    before: url.searchParams.get("before") ?? undefined,
  });
  return { ...list, q, status };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminColumn<Row>[] = [
  {
    key: "title",
    header: "Episode",
    cell: (row) => (
      <>
        <Link
          to={`/admin/podcasts/edit/${row.id}`}
          className="font-semibold text-white hover:underline"
        >
          {row.title}
        </Link>
        {row.kind === "audio" && isBlockedAudioUrl(row.audioUrl) ? (
          <span className="mt-1 block text-sm text-red-300" data-blocked-audio>
            Won’t play: its audio address starts with http://, which the site blocks. Edit it to use
            https:// or upload the file.
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: "number",
    header: "Season / episode",
    cell: (row) =>
      row.season || row.episode ? (
        `S${row.season ?? "–"} · E${row.episode ?? "–"}`
      ) : (
        <span className="text-mist-400">–</span>
      ),
  },
  {
    key: "kind",
    header: "Kind",
    cell: (row) => (row.kind === "video" ? "Video (YouTube)" : "Audio"),
  },
  {
    key: "duration",
    header: "Duration",
    cell: (row) => formatDurationInput(row.durationSeconds) || "–",
  },
  {
    key: "status",
    header: "State",
    cell: (row) => <StatusBadge status={row.status} at={row.publishAt} />,
  },
  {
    key: "published",
    header: "Published",
    cell: (row) => (row.publishedAt ? new Date(row.publishedAt).toLocaleDateString() : "–"),
  },
];

export default function PodcastsIndexScreen({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageSize, q, status, previousCursor, nextCursor, totalIsEstimate } =
    loaderData;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Podcasts"
        description="Audio episodes you publish here and video episodes the YouTube sync brings in, as /podcasts and /podcasts.rss show them."
        actions={
          <>
            <Link to="/admin/youtube-sync" className="btn-secondary">
              YouTube sync
            </Link>
            <Link to="/admin/podcasts/create" className="btn-primary">
              New episode
            </Link>
          </>
        }
      />
      <AdminTable
        label="Podcast episodes"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={total}
        keyset={{ previousCursor, nextCursor, totalIsEstimate }}
        q={q}
        searchLabel="Search by title or slug"
        emptyMessage="No episodes yet."
        emptyAction={
          <Link to="/admin/podcasts/create" className="btn-primary">
            Create the first episode
          </Link>
        }
        filters={
          <div>
            <label htmlFor="status-filter" className="field-label">
              Show
            </label>
            <select id="status-filter" name="status" defaultValue={status} className="field-input">
              <option value="">All episodes</option>
              <option value="draft">Drafts</option>
              <option value="scheduled">Scheduled</option>
              <option value="published">Published</option>
              <option value="audio">Audio only</option>
              <option value="video">Video only</option>
            </select>
          </div>
        }
      />
    </main>
  );
}
