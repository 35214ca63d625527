import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import {
  type EditState,
  toDocument,
  toEditState,
} from "#app/components/admin/navigation/edit-state.ts";
import { FooterGroupsEditor } from "#app/components/admin/navigation/footer-groups-editor.tsx";
import { LinkListEditor } from "#app/components/admin/navigation/link-list-editor.tsx";
import { NavigationPreview } from "#app/components/admin/navigation/navigation-preview.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { SettingsTabs } from "#app/components/admin/settings-tabs.tsx";
import { useBranding } from "#app/root.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import {
  discardNavigationDraft,
  getNavigationEditorState,
  publishNavigation,
  readNavigationInput,
  saveNavigationDraft,
} from "#server/settings/navigation.ts";
import { listLinkablePages } from "#server/settings/navigation-links.ts";
import { redirectWithToast } from "#server/toast.ts";
import {
  NAVIGATION_FIELD,
  NAVIGATION_LIMITS,
  siteNavigationSchema,
} from "#shared/navigation-form.ts";
import type { Route } from "./+types/navigation";

export const meta: Route.MetaFunction = () => [{ title: "Navigation · Settings · Command center" }];

const PATH = "/admin/settings/navigation";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const [state, pages] = await Promise.all([
    getNavigationEditorState(args.context.db),
    listLinkablePages(args.context.db),
  ]);
  return { ...state, pages };
}

const toasts = {
  save: "Draft saved. Visitors still see the published menus until you publish.",
  publish: "Navigation published. Open pages show the new menus now.",
  discard: "Draft discarded: the editor shows the published menus again.",
};

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const change = {
    database: args.context.database,
    actorId: user.id,
    address: args.context.clientAddress,
  };
  try {
    if (intent === "discard") await discardNavigationDraft(change);
    else if (intent === "save" || intent === "publish") {
      const input = readNavigationInput(form.get(NAVIGATION_FIELD));
      if (intent === "save") await saveNavigationDraft({ ...change, input });
      else await publishNavigation({ ...change, input });
    } else throw new AppError("INVALID", "Choose Save draft, Publish or Discard draft.");
  } catch (error) {
    return errorResponse(error);
  }
  return redirectWithToast(PATH, { message: toasts[intent as keyof typeof toasts] });
}

type Errors = Record<string, string[] | undefined>;

export default function NavigationSettings({ loaderData }: Route.ComponentProps) {
  // A save or publish loads new data: the editor starts again from it.
  const version = `${loaderData.publishedAt}|${loaderData.draftSavedAt}`;
  return <NavigationEditor key={version} {...loaderData} />;
}

function NavigationEditor(loaderData: Route.ComponentProps["loaderData"]) {
  const { draft, published, hasDraft, publishedAt, draftSavedAt, pages } = loaderData;
  const branding = useBranding();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [state, setState] = useState<EditState>(() => toEditState(draft));
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const serverErrors = actionData && !actionData.ok ? actionData : undefined;
  const errors: Errors = clientErrors ?? serverErrors?.fieldErrors ?? {};
  const message = clientErrors
    ? "Some links need attention: see the messages below."
    : serverErrors?.error;
  const document = toDocument(state);
  const isUnsaved = JSON.stringify(document) !== JSON.stringify(draft);
  const isPublished = JSON.stringify(document) === JSON.stringify(published);
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  const change = (next: EditState) => {
    setState(next);
    if (clientErrors) setClientErrors(null);
  };

  return (
    <main id="main" className="p-6 pb-28 lg:p-8 lg:pb-28">
      <PageHeader
        title="Navigation"
        description="The header menu and the footer's link groups. Changes stay a draft until you publish them; then every open page shows them at once."
      />
      <SettingsTabs />
      <p aria-live="polite" role="status" className="sr-only" data-announcement>
        {announcement}
      </p>
      <p className="mb-4 text-sm text-mist-300" data-navigation-state>
        {isPublished
          ? "Visitors see these menus."
          : isUnsaved
            ? "Unsaved changes: save a draft or publish them."
            : "Draft: these changes are not published yet."}{" "}
        {publishedAt
          ? `Published ${new Date(publishedAt).toLocaleString()}.`
          : "Built-in menus (never published)."}
        {hasDraft && draftSavedAt ? ` Draft saved ${new Date(draftSavedAt).toLocaleString()}.` : ""}
      </p>
      {message ? (
        <p
          className="field-error mb-4 rounded-lg border border-red-400/30 bg-red-500/10 p-3"
          role="alert"
        >
          {message}
        </p>
      ) : null}
      <NavigationPreview
        navigation={document}
        logoSrc={branding?.logoSrc}
        logoWidth={branding?.logoWidth ?? 120}
      />
      <div className="mt-8 grid gap-8 2xl:grid-cols-2">
        <section aria-labelledby="header-menu-title" className="card p-5">
          <h2 id="header-menu-title" className="heading-md mb-1">
            Header menu
          </h2>
          <p className="mb-4 text-sm text-mist-400">
            On small screens these links fill the full-screen menu. Drag a handle, or use the
            arrows.
          </p>
          <LinkListEditor
            name="the header menu"
            errorPath="header"
            links={state.header}
            pages={pages}
            errors={errors}
            maxLinks={NAVIGATION_LIMITS.headerLinks}
            onChange={(header) => change({ ...state, header })}
            announce={setAnnouncement}
          />
        </section>
        <section aria-labelledby="footer-groups-title" className="card p-5">
          <h2 id="footer-groups-title" className="heading-md mb-4">
            Footer link groups
          </h2>
          <FooterGroupsEditor
            groups={state.footer}
            pages={pages}
            errors={errors}
            onChange={(footer) => change({ ...state, footer })}
            announce={setAnnouncement}
          />
        </section>
      </div>
      <Form
        method="post"
        className="fixed inset-x-0 bottom-0 z-20 flex flex-wrap items-center justify-end gap-3 border-t border-white/10 bg-ink-900/95 px-6 py-3 backdrop-blur lg:left-64"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent)
            .submitter as HTMLButtonElement | null;
          if (submitter?.value === "discard") return;
          const parsed = siteNavigationSchema.safeParse(document);
          if (parsed.success) return setClientErrors(null);
          event.preventDefault();
          const found: Errors = {};
          for (const issue of parsed.error.issues) {
            const key = issue.path.join(".") || "form";
            found[key] = [...(found[key] ?? []), issue.message];
          }
          setClientErrors(found);
        }}
      >
        <input type="hidden" name={NAVIGATION_FIELD} value={JSON.stringify(document)} />
        {hasDraft ? (
          <button
            type="submit"
            name="intent"
            value="discard"
            className="btn-secondary px-5 py-2"
            disabled={Boolean(busyIntent)}
          >
            {busyIntent === "discard" ? "Discarding…" : "Discard draft"}
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="save"
          className="btn-secondary px-5 py-2"
          disabled={Boolean(busyIntent) || !isUnsaved}
        >
          {busyIntent === "save" ? "Saving…" : "Save draft"}
        </button>
        <button
          type="submit"
          name="intent"
          value="publish"
          className="btn-primary px-5 py-2"
          disabled={Boolean(busyIntent) || isPublished}
        >
          {busyIntent === "publish" ? "Publishing…" : "Publish"}
        </button>
      </Form>
    </main>
  );
}
