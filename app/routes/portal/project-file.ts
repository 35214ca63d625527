import { Readable } from "node:stream";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { downloadResponse, portalData } from "#server/portal/http.ts";
import { readPortalFile } from "#server/portal/shared-files.ts";
import type { Route } from "./+types/project-file";

/** A file of the client's project (shared by the team, or their own upload): always a download. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const found = await portalData(() =>
    readPortalFile({
      db: args.context.db,
      env: args.context.env,
      viewer,
      projectId: args.params.id,
      fileId: args.params.fileId,
      address: args.context.clientAddress,
    }),
  );
  return downloadResponse(Readable.toWeb(found.body) as ReadableStream, {
    filename: found.file.filename,
    contentType: found.file.contentType,
    size: found.size,
  });
}
