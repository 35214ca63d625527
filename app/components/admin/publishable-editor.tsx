import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { slugify } from "#shared/content-admin/forms.ts";
import { type PublishableKindInfo, slugHint } from "#shared/content-admin/kinds.ts";
import { ImageUploader } from "./image-uploader";
import { PublishingFields, SeoFields } from "./publishing-fields";
import { type RelatedChoice, RelatedContent } from "./related-content";
import { type FieldErrors, TextField } from "./text-fields";

/** What every published piece of writing has: address, cover, state, SEO and related items. */
export type PublishableDraft = {
  id?: string;
  title: string;
  slug: string;
  coverImage: string | null;
  coverAlt: string | null;
  status: string;
  publishAt: Date | string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  socialImage: string | null;
  relatedIds: string[];
};

const AUTOSAVE_MS = 15_000;

type AutosaveResult = { ok: boolean; savedAt?: string; error?: string };

/**
 * A plain request, outside the router: it changes nothing the page shows, and a
 * router submission ending during a save's navigation would cut that short.
 */
async function postAutosave(form: FormData): Promise<AutosaveResult> {
  try {
    const response = await fetch("/admin/content/autosave", { method: "POST", body: form });
    if (response.headers.get("Content-Type")?.includes("application/json"))
      return (await response.json()) as AutosaveResult;
    return { ok: false, error: "sign in again to keep saving." };
  } catch {
    return { ok: false, error: "the connection is down; save by hand once it is back." };
  }
}

/**
 * The editor insights and case studies share; create and edit screens use it.
 * `details` are the kind's own fields beside title and slug, `body` its
 * Markdown sections. Drafts save themselves while staff type.
 */
export function PublishableEditor({
  item,
  kind,
  choices,
  errors,
  formError,
  details,
  body,
}: {
  item?: PublishableDraft;
  kind: PublishableKindInfo;
  choices: RelatedChoice[];
  errors: FieldErrors;
  formError?: string;
  details: ReactNode;
  /** The Markdown sections; call `markDirty` when one changes without a form event. */
  body: (markDirty: () => void) => ReactNode;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [autosave, setAutosave] = useState<AutosaveResult>();
  const [status, setStatus] = useState(item?.status ?? "draft");
  const [title, setTitle] = useState(item?.title ?? "");
  const [slug, setSlug] = useState(item?.slug ?? "");
  const [isSlugEdited, setSlugEdited] = useState(Boolean(item));
  const dirtyRef = useRef(false);
  const markDirty = () => {
    dirtyRef.current = true;
  };
  const canAutosave = Boolean(item?.id) && item?.status === "draft" && status === "draft";

  useEffect(() => {
    if (!canAutosave || !item?.id) return;
    const { id } = item;
    const timer = setInterval(async () => {
      if (!dirtyRef.current || !formRef.current) return;
      dirtyRef.current = false;
      const form = new FormData(formRef.current);
      form.set("kind", kind.area);
      form.set("id", id);
      setAutosave(await postAutosave(form));
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [canAutosave, item, kind.area]);

  const isSaving = navigation.state === "submitting";
  return (
    <Form method="post" ref={formRef} className="space-y-6" onChange={markDirty}>
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <section className="card grid gap-4 p-5 md:grid-cols-2">
        <TextField
          name="title"
          label="Title"
          errors={errors}
          value={title}
          onChange={(next) => {
            setTitle(next);
            if (!isSlugEdited) setSlug(slugify(next));
          }}
        />
        <TextField
          name="slug"
          label="Slug"
          errors={errors}
          value={slug}
          hint={slugHint(kind, slug, item?.status === "published")}
          onChange={(next) => {
            setSlug(next);
            setSlugEdited(true);
          }}
        />
        {details}
      </section>
      <section className="card p-5">
        <ImageUploader
          label="Cover image"
          name="coverImage"
          altName="coverAlt"
          defaultUrl={item?.coverImage}
          defaultAlt={item?.coverAlt}
          error={errors?.coverImage?.[0] ?? errors?.coverAlt?.[0]}
        />
      </section>
      {body(markDirty)}
      <div className="grid gap-6 lg:grid-cols-2">
        <PublishingFields
          defaultStatus={item?.status}
          defaultPublishAt={item?.publishAt}
          errors={errors}
          onStatusChange={setStatus}
        />
        <RelatedContent choices={choices} defaultSelected={item?.relatedIds} />
      </div>
      <SeoFields defaults={item ?? {}} errors={errors} />
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          name="intent"
          value="save"
          className="btn-primary"
          disabled={isSaving}
        >
          {isSaving
            ? "Saving…"
            : status === "published"
              ? "Save and publish"
              : status === "scheduled"
                ? "Save schedule"
                : "Save draft"}
        </button>
        {item?.id ? (
          <a
            href={`${kind.adminPath}/preview?id=${item.id}`}
            target="_blank"
            rel="noreferrer"
            className="btn-secondary"
          >
            Preview
          </a>
        ) : null}
        <p className="text-sm text-mist-400" aria-live="polite">
          {autosave?.ok && autosave.savedAt
            ? `Draft saved automatically at ${new Date(autosave.savedAt).toLocaleTimeString()}.`
            : autosave && !autosave.ok
              ? `Not saved automatically: ${autosave.error}`
              : canAutosave
                ? "Drafts save automatically while you type."
                : ""}
        </p>
      </div>
    </Form>
  );
}
