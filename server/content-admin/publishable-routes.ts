import { data } from "react-router";
import { parseListParams } from "#server/admin/list-params.ts";
import { requireRole } from "#server/auth/guard.ts";
import type { AppContext } from "#server/context.ts";
import { errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid, requireIdParam } from "#server/ids.ts";
import { redirectWithToast } from "#server/toast.ts";
import { formToObject } from "#shared/content-admin/forms.ts";
import { statusFilterFrom } from "#shared/status-filter.ts";
import { ADMIN_PAGE_SIZE, type PublishableStore } from "./publishable";
import { findRevisions } from "./revisions";

/** What the insight and case study screens' loaders and actions receive. */
type ScreenArgs = {
  request: Request;
  /** The address asked for, as React Router gives it to loaders (no `.data`, `_routes`, `index`). */
  url: URL;
  context: AppContext;
  params: { id?: string };
};

const statuses = ["draft", "scheduled", "published"] as const;

/** The list screen: search, state filter and page from the address. Admins only. */
export async function loadPublishableList(args: ScreenArgs, store: PublishableStore) {
  await requireRole(args, "admin");
  const { url } = args;
  const params = parseListParams(url, {
    sortable: ["updated"],
    defaultSort: "updated",
    pageSize: ADMIN_PAGE_SIZE,
  });
  const status = statusFilterFrom(url, statuses);
  const result = await store.findForAdmin({
    db: args.context.db,
    search: params.q,
    status,
    page: params.page,
    after: url.searchParams.get("after") ?? undefined,
    before: url.searchParams.get("before") ?? undefined,
  });
  return { ...result, q: params.q, status: status ?? "", pageSize: ADMIN_PAGE_SIZE };
}

/** The create screen's data: what can be picked as related. */
export async function loadPublishableCreate(args: ScreenArgs, store: PublishableStore) {
  await requireRole(args, "admin");
  return { choices: await store.findChoices({ db: args.context.db }) };
}

/** Saves a new item and opens its editor. */
export async function createPublishable(args: ScreenArgs, store: PublishableStore) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  try {
    const saved = await store.save({
      database: args.context.database,
      input: formToObject(form),
      actor: user,
      address: args.context.clientAddress,
    });
    return redirectWithToast(`${store.info.adminPath}/edit/${saved.id}`, {
      message: `${store.info.title} created.`,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

/** The edit screen's data: the item (from `getForEdit`), related choices and versions. */
export async function loadPublishableEdit<Item extends { id: string }>(
  args: ScreenArgs,
  store: PublishableStore,
  getForEdit: (options: { db: AppContext["db"]; id: string }) => Promise<Item | undefined>,
) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const item = await getForEdit({ db, id: requireIdParam(args.params.id) });
  invariantResponse(item, `This ${store.info.noun} does not exist.`, { status: 404 });
  const [choices, revisions] = await Promise.all([
    store.findChoices({ db, excludeId: item.id }),
    findRevisions(db, { area: store.area, recordId: item.id }),
  ]);
  return { item, choices, revisions };
}

/** The edit screen's intents: save, restore a version, delete. */
export async function editPublishable(args: ScreenArgs, store: PublishableStore) {
  const user = await requireRole(args, "admin");
  const { database, clientAddress } = args.context;
  const id = requireIdParam(args.params.id);
  const { info } = store;
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "save");
  try {
    if (intent === "delete") {
      await store.remove({ database, id, actor: user, address: clientAddress });
      return redirectWithToast(info.adminPath, { message: `${info.title} deleted.` });
    }
    if (intent === "restore") {
      await store.restoreRevision({
        database,
        id,
        revisionId: String(form.get("revisionId") ?? ""),
        actor: user,
        address: clientAddress,
      });
      return redirectWithToast(`${info.adminPath}/edit/${id}`, {
        message: "That version is back.",
      });
    }
    const saved = await store.save({
      database,
      id,
      input: formToObject(form),
      actor: user,
      address: clientAddress,
    });
    const message =
      saved.status === "published"
        ? `${info.title} saved and published.`
        : saved.status === "scheduled"
          ? `${info.title} scheduled.`
          : "Draft saved.";
    return redirectWithToast(`${info.adminPath}/edit/${id}`, { message });
  } catch (error) {
    return errorResponse(error);
  }
}

/**
 * Saves a draft while staff type (the editor's autosave, a plain request that
 * answers in place): `kind` and `id` name the item, the rest is the editor's form.
 */
export async function autosavePublishable(args: ScreenArgs, stores: PublishableStore[]) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  const store = stores.find((candidate) => candidate.area === form.get("kind"));
  const id = String(form.get("id") ?? "");
  if (!store || !isUuid(id))
    return data(
      { ok: false as const, error: "Open the insight or case study again, then keep typing." },
      { status: 400 },
    );
  try {
    await store.save({
      database: args.context.database,
      id,
      input: formToObject(form),
      actor: user,
      address: args.context.clientAddress,
      reason: "autosave",
    });
    return { ok: true as const, savedAt: new Date().toISOString() };
  } catch (error) {
    return errorResponse(error);
  }
}
