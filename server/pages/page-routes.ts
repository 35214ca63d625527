import { data } from "react-router";
import { requireRole } from "#server/auth/guard.ts";
import type { AppContext } from "#server/context.ts";
import { AppError, errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid, requireIdParam } from "#server/ids.ts";
import { redirectWithToast } from "#server/toast.ts";
import { checkPageBlocks } from "#shared/pages/blocks.ts";
import { findPickerChoices } from "./choices";
import {
  createPage,
  deletePage,
  duplicatePage,
  editableOf,
  findPageRevisions,
  getPageForEdit,
  listPages,
  PageConflictError,
  type PageInput,
  publishPage,
  restorePageRevision,
  schedulePage,
  unpublishPage,
  updatePage,
} from "./pages";
import { loadPageBlockData } from "./site-pages";

/** What the /admin/pages screens' loaders and actions receive. */
type ScreenArgs = {
  request: Request;
  url?: URL;
  context: AppContext;
  params: { id?: string };
};

const statuses = ["draft", "scheduled", "published"] as const;

/** The editor's form as the domain's input: the blocks travel as one JSON field. */
export function pageInputFromForm(form: FormData): PageInput {
  const raw = String(form.get("blocks") ?? "[]");
  let blocks: unknown;
  try {
    blocks = JSON.parse(raw);
  } catch {
    throw new AppError("INVALID", "The page's blocks could not be read. Reload the editor.");
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    path: text("path") ?? "",
    title: text("title") ?? "",
    blocks,
    seoTitle: text("seoTitle") ?? null,
    seoDescription: text("seoDescription") ?? null,
    socialImage: text("socialImage") ?? null,
    isNoindex: form.get("isNoindex") === "on" || form.get("isNoindex") === "true",
  };
}

function versionFrom(form: FormData) {
  const version = Number(form.get("version"));
  if (!Number.isInteger(version) || version < 1)
    throw new AppError("INVALID", "The editor lost the page's version. Reload the editor.");
  return version;
}

/** A conflict as the editor shows it: who saved, what changed, and their copy. */
export function conflictResponse(error: PageConflictError) {
  return data(
    {
      ok: false as const,
      error: error.message,
      fieldErrors: undefined as Record<string, string[]> | undefined,
      conflict: {
        savedBy: error.savedBy,
        changes: error.changes,
        version: error.current.version,
        theirs: editableOf(error.current),
      },
    },
    { status: 409 },
  );
}

function failure(error: unknown) {
  if (error instanceof PageConflictError) return conflictResponse(error);
  return errorResponse(error);
}

/** The list: search title and path, filter by state. Admins only. */
export async function loadPageList(args: ScreenArgs & { url: URL }) {
  await requireRole(args, "admin");
  const q = args.url.searchParams.get("q")?.slice(0, 200) ?? "";
  const wanted = args.url.searchParams.get("status") ?? "";
  const status = (statuses as readonly string[]).includes(wanted)
    ? (wanted as (typeof statuses)[number])
    : undefined;
  const rows = await listPages({ db: args.context.db, search: q, status });
  return { rows, q, status: status ?? "" };
}

/** A new page: a title and a free path; its blocks are added in the editor. */
export async function createPageAction(args: ScreenArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  try {
    const page = await createPage({
      database: args.context.database,
      actor: user,
      address: args.context.clientAddress,
      input: pageInputFromForm(form),
    });
    return redirectWithToast(`/admin/pages/edit/${page.id}`, {
      message: "Page created. Add its blocks.",
    });
  } catch (error) {
    return failure(error);
  }
}

/** The editor's data: the page, its versions and what its pickers offer. */
export async function loadPageEdit(args: ScreenArgs) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const page = await getPageForEdit({ db, id: requireIdParam(args.params.id) });
  invariantResponse(page, "This page does not exist.", { status: 404 });
  const revisions = await findPageRevisions({ db, id: page.id, limit: 30 });
  const choices = await findPickerChoices({ db, blocks: page.blocks });
  return { page, revisions, choices };
}

function parsePublishAt(form: FormData) {
  const raw = String(form.get("publishAt") ?? "");
  const at = raw ? new Date(raw) : undefined;
  if (!at || Number.isNaN(at.getTime()))
    throw new AppError("INVALID", "Choose the date and time the page goes live.", {
      fieldErrors: { publishAt: ["Choose the date and time the page goes live."] },
    });
  if (at.getTime() <= Date.now())
    throw new AppError("INVALID", "Choose a time in the future, or publish now.", {
      fieldErrors: { publishAt: ["Choose a time in the future, or publish now."] },
    });
  return at;
}

/**
 * The editor's intents. Save, publish, schedule and unpublish first save what was typed
 * against the version the editor opened (a conflict refuses them all, nothing is lost);
 * delete, duplicate and restore act on the page as it is.
 */
export async function editPageAction(args: ScreenArgs) {
  const user = await requireRole(args, "admin");
  const { database, clientAddress: address } = args.context;
  const id = requireIdParam(args.params.id);
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "save");
  const writer = { database, actor: user, address, id };
  const here = `/admin/pages/edit/${id}`;
  try {
    switch (intent) {
      case "delete": {
        const deleted = await deletePage(writer);
        return redirectWithToast("/admin/pages", { message: `${deleted.title} deleted.` });
      }
      case "duplicate": {
        const copy = await duplicatePage(writer);
        return redirectWithToast(`/admin/pages/edit/${copy.id}`, {
          message: `A draft copy at ${copy.path}.`,
        });
      }
      case "restore": {
        const current = await getPageForEdit({ db: database.db, id });
        if (!current) throw new AppError("NOT_FOUND", "This page no longer exists.");
        await restorePageRevision({
          ...writer,
          revisionId: String(form.get("revisionId") ?? ""),
          expectedVersion: form.get("version") ? versionFrom(form) : current.version,
        });
        return redirectWithToast(here, { message: "That version is back." });
      }
      case "save":
      case "publish":
      case "schedule":
      case "unpublish": {
        const publishAt = intent === "schedule" ? parsePublishAt(form) : undefined;
        const saved = await updatePage({
          ...writer,
          expectedVersion: versionFrom(form),
          input: pageInputFromForm(form),
        });
        const options = { ...writer, expectedVersion: saved.version };
        if (intent === "publish") await publishPage(options);
        if (intent === "schedule" && publishAt) await schedulePage({ ...options, publishAt });
        if (intent === "unpublish") await unpublishPage(options);
        const message = {
          save: saved.status === "published" ? "Saved: the page is live." : "Draft saved.",
          publish: "Published: the page is live.",
          schedule: `Scheduled for ${publishAt?.toUTCString()}.`,
          unpublish: "Unpublished: the page is a draft again.",
        }[intent];
        return redirectWithToast(here, { message });
      }
      default:
        return data(
          { ok: false as const, error: "Choose what to do with the page." },
          { status: 400 },
        );
    }
  } catch (error) {
    return failure(error);
  }
}

/** Saves a draft while an admin types (a plain request answering in place). */
export async function autosavePageAction(args: ScreenArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  const id = String(form.get("id") ?? "");
  if (!isUuid(id))
    return data(
      { ok: false as const, error: "Open the page again, then keep typing." },
      { status: 400 },
    );
  try {
    const saved = await updatePage({
      database: args.context.database,
      actor: user,
      address: args.context.clientAddress,
      id,
      expectedVersion: versionFrom(form),
      input: pageInputFromForm(form),
      reason: "autosave",
    });
    return { ok: true as const, version: saved.version, savedAt: saved.updatedAt.toISOString() };
  } catch (error) {
    return failure(error);
  }
}

/**
 * The preview: the editor's unsaved copy (posted) or the saved page (?id=), checked as a save
 * would check it and rendered by the site's own PageBlocks.
 */
export async function loadPagePreview(args: ScreenArgs & { url: URL }) {
  await requireRole(args, "admin");
  const id = args.url.searchParams.get("id") ?? "";
  invariantResponse(isUuid(id), "Choose a page to preview.", { status: 400 });
  const page = await getPageForEdit({ db: args.context.db, id });
  invariantResponse(page, "This page does not exist.", { status: 404 });
  return {
    id: page.id,
    status: page.status,
    title: page.title,
    blocks: page.blocks,
    data: await loadPageBlockData({ db: args.context.db, blocks: page.blocks }),
  };
}

export async function previewPageAction(args: ScreenArgs & { url: URL }) {
  await requireRole(args, "admin");
  const form = await readForm(args.request);
  const id = String(form.get("id") ?? "");
  invariantResponse(isUuid(id), "Choose a page to preview.", { status: 400 });
  const page = await getPageForEdit({ db: args.context.db, id });
  invariantResponse(page, "This page does not exist.", { status: 404 });
  let input: PageInput;
  try {
    input = pageInputFromForm(form);
  } catch (error) {
    return errorResponse(error);
  }
  const checked = checkPageBlocks(input.blocks);
  if (!checked.ok) return data({ ok: false as const, error: checked.message }, { status: 400 });
  return {
    ok: true as const,
    id: page.id,
    status: page.status,
    title: input.title || page.title,
    blocks: checked.blocks,
    data: await loadPageBlockData({ db: args.context.db, blocks: checked.blocks }),
  };
}
