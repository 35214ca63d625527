import { Readable } from "node:stream";
import { requireRole } from "#server/auth/guard.ts";
import { invariantResponse } from "#server/errors.ts";
import { requireIdParam } from "#server/ids.ts";
import { readOnboardingFile } from "#server/onboarding/onboarding.ts";
import type { Route } from "./+types/file";

/** A brand asset the client uploaded during onboarding, for staff. Always a download, never rendered inline. */
export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  requireIdParam(args.params.fileId);
  const found = await readOnboardingFile({
    db: args.context.db,
    env: args.context.env,
    fileId: args.params.fileId,
  });
  invariantResponse(found && found.file.projectId === args.params.id, "Not Found", { status: 404 });
  return new Response(Readable.toWeb(found.body) as ReadableStream, {
    headers: {
      "Content-Type": found.file.contentType,
      "Content-Length": String(found.size),
      "Content-Disposition": `attachment; filename="${found.file.filename.replace(/"/g, "")}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
