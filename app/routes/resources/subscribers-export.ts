import { recordAudit } from "#server/audit/audit.ts";
import { requireRole } from "#server/auth/guard.ts";
import { subscriberCsvChunks, subscriberStatuses } from "#server/marketing/subscribers.ts";
import { TextStreamResponse } from "#server/text-stream-response.ts";
import { z } from "#shared/zod.ts";
import type { Route } from "./+types/subscribers-export";

/** The subscriber list (with the screen's filters) as a CSV download, streamed (decisions 749, 795). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "admin");
  const { url } = args;
  const status = z
    .enum(subscriberStatuses)
    .optional()
    .catch(undefined)
    .parse(url.searchParams.get("status") || undefined);
  const csv = subscriberCsvChunks({
    db: args.context.db,
    q: url.searchParams.get("q")?.slice(0, 200) ?? undefined,
    tag: url.searchParams.get("tag")?.slice(0, 40) || undefined,
    status,
  });
  await recordAudit(args.context.db, {
    actorId: user.id,
    action: "export",
    area: "subscribers",
    detail: { status, tag: url.searchParams.get("tag") },
    address: args.context.clientAddress,
  });
  return new TextStreamResponse(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
