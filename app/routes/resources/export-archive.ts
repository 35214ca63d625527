import { PassThrough, Readable } from "node:stream";
import { recordAudit } from "#server/audit/audit.ts";
import { requireRole } from "#server/auth/guard.ts";
import { exportFileName, writeExportArchive } from "#server/exports/archive.ts";
import { log } from "#server/log.ts";
import type { Route } from "./+types/export-archive";

/**
 * The whole instance as one zip, streamed as it is written (decision 524): admins only,
 * private, never stored by a cache, recorded in the audit log before the first byte.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "admin");
  const { context } = args;
  const name = exportFileName();
  await recordAudit(context.db, {
    actorId: user.id,
    actorEmail: user.email,
    address: context.clientAddress,
    action: "export",
    area: "export",
    detail: { file: name },
  });
  const body = new PassThrough();
  writeExportArchive({ db: context.db, env: context.env, output: body }).catch((error) => {
    log.warn("the export stopped", error);
    body.destroy(error as Error);
  });
  return new Response(Readable.toWeb(body) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
