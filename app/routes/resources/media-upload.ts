import { data } from "react-router";
import { recordAudit } from "#server/audit/audit.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { deleteMedia, saveUpload } from "#server/media/media.ts";
import { formatMegabytes, uploadLimits } from "#server/media/validate-upload.ts";
import { readUploadForm, type UploadForm } from "#server/upload-form.ts";
import { z } from "#shared/zod.ts";
import type { Route } from "./+types/media-upload";

const uploadSchema = z.object({
  kind: z.enum(["image", "logo", "audio", "document"], { error: "Choose what the file is for." }),
  alt: z.string().max(300, "Keep the alt text under 300 characters.").default(""),
});

/**
 * POST a multipart form (file, kind, alt): the file is checked by its bytes,
 * re-encoded when it is an image, stored and recorded. DELETE ?id= removes an
 * unused file. Admins only.
 */
export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { request, context, url } = args;
  let upload: UploadForm | undefined;
  try {
    if (request.method === "DELETE") {
      const id = url.searchParams.get("id") ?? "";
      if (!z.uuid().safeParse(id).success)
        throw new AppError("INVALID", "Choose a file to delete.");
      await deleteMedia({ db: context.db, env: context.env, id });
      await recordAudit(context.db, {
        actorId: user.id,
        action: "delete",
        area: "media",
        recordId: id,
        address: context.clientAddress,
      });
      return data({ ok: true as const });
    }
    if (request.method !== "POST") throw new AppError("INVALID", "Send the file with POST.");
    // The file is written to a temporary file as it arrives; the body's size was bounded
    // before this action ran (server/body-limit.ts).
    const largestUpload = Math.max(...Object.values(uploadLimits));
    try {
      upload = await readUploadForm(request, {
        dataDir: context.env.DATA_DIR,
        fileField: "file",
        maxFileBytes: largestUpload,
        tooLarge: `The file is larger than any upload allows (${formatMegabytes(largestUpload)}).`,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("INVALID", "The upload could not be read. Choose the file again.");
    }
    const form = upload.fields;
    const parsed = uploadSchema.safeParse({
      kind: form.get("kind") ?? undefined,
      alt: form.get("alt") ?? undefined,
    });
    if (!parsed.success) throw new AppError("INVALID", parsed.error.issues[0].message);
    const file = upload.file;
    if (!file) throw new AppError("INVALID", "Choose a file to upload.");
    const saved = await saveUpload({
      db: context.db,
      env: context.env,
      file,
      kind: parsed.data.kind,
      alt: parsed.data.alt,
      originalName: file.name,
      actorId: user.id,
    });
    await recordAudit(context.db, {
      actorId: user.id,
      action: "upload",
      area: "media",
      recordId: saved.id,
      detail: { kind: saved.kind, url: saved.url },
      address: context.clientAddress,
    });
    return data({ ok: true as const, media: saved });
  } catch (error) {
    return errorResponse(error);
  } finally {
    await upload?.discard();
  }
}

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  throw new Response("Upload files with POST.", { status: 405 });
}
