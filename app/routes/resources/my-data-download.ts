import { AppError } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { downloadOwnData } from "#server/personal-data/self-export.ts";
import type { Route } from "./+types/my-data-download";

/**
 * The mailed link's button posts here (decision 526): the press uses the link up and answers
 * the file itself, private and never stored by a cache.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const json = await downloadOwnData({ db: context.db, token: String(form.get("token") ?? "") });
    return new Response(json, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": 'attachment; filename="my-data.json"',
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError)
      return new Response(error.message, {
        status: error.status,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "private, no-store",
        },
      });
    throw error;
  }
}

export function loader() {
  throw new Response("Use the button on the page the mail links to.", { status: 405 });
}
