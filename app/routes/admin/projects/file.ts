import { Readable } from "node:stream";
import { requireRole } from "#server/auth/guard.ts";
import { invariantResponse } from "#server/errors.ts";
import { requireIdParam } from "#server/ids.ts";
import { readOnboardingFile } from "#server/onboarding/onboarding.ts";
import { readSharedFile } from "#server/portal/shared-files.ts";
import type { Route } from "./+types/file";

/**
 * A file of the project for staff: a brand asset the client uploaded during onboarding, or one
 * the team shared with the client. Always a download, never rendered inline.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  const projectId = requireIdParam(args.params.id);
  const fileId = requireIdParam(args.params.fileId);
  const { db, env } = args.context;
  const uploaded = await readOnboardingFile({ db, env, fileId });
  const isTheirs = uploaded?.file.projectId === projectId;
  // Another project's upload was opened for nothing: close it.
  if (uploaded && !isTheirs) uploaded.body.destroy();
  const found = isTheirs ? uploaded : await readSharedFile({ db, env, projectId, fileId });
  invariantResponse(found, "Not Found", { status: 404 });
  return new Response(Readable.toWeb(found.body) as ReadableStream, {
    headers: {
      "Content-Type": found.file.contentType,
      "Content-Length": String(found.size),
      "Content-Disposition": `attachment; filename="${found.file.filename.replace(/["\\\r\n]/g, "")}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
