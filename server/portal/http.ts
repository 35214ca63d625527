import { AppError } from "#server/errors.ts";

/**
 * Runs a portal loader's work; a domain refusal becomes its HTTP status (another
 * client's record is a 404, exactly like one that does not exist).
 */
export async function portalData<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError)
      throw new Response(error.message, {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    throw error;
  }
}

/** A file for the client to save, never rendered inline, never cached by a shared cache. */
export function downloadResponse(
  body: BodyInit,
  { filename, contentType, size }: { filename: string; contentType: string; size?: number },
) {
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${filename.replace(/["\\\r\n]/g, "")}"`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
  if (size !== undefined) headers.set("Content-Length", String(size));
  return new Response(body, { headers });
}
