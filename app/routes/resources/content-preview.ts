import { data } from "react-router";
import { requireRole } from "#server/auth/guard.ts";
import { renderMarkdown } from "#server/content/markdown.ts";
import { readForm } from "#server/form-body.ts";
import type { Route } from "./+types/content-preview";

const MAX_MARKDOWN = 100_000;

/** Renders Markdown through the same sanitiser the public pages use (the editors' live preview). */
export async function action(args: Route.ActionArgs) {
  await requireRole(args, "admin");
  const form = await readForm(args.request);
  const markdown = String(form.get("markdown") ?? "");
  if (markdown.length > MAX_MARKDOWN)
    return data({ html: "", error: "The text is too long to preview." }, { status: 413 });
  return { html: renderMarkdown(markdown), error: null };
}
