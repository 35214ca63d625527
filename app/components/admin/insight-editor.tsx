import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { slugify } from "~/lib/content-admin/forms";
import { ImageUploader } from "./image-uploader";
import { MarkdownEditor } from "./markdown-editor";
import { PublishingFields, SeoFields } from "./publishing-fields";
import { type RelatedChoice, RelatedContent } from "./related-content";

type FieldErrors = Record<string, string[]> | undefined;

export type InsightDraft = {
  id?: string;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  author: string;
  tags: string[];
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

function Field({
  name,
  label,
  defaultValue,
  errors,
  hint,
  onChange,
  value,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  errors: FieldErrors;
  hint?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={name} className="field-label">
        {label}
      </label>
      <input
        id={name}
        name={name}
        className="field-input"
        defaultValue={value === undefined ? defaultValue : undefined}
        value={value}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={hint ? `${name}-hint` : undefined}
      />
      {hint ? (
        <p id={`${name}-hint`} className="text-xs text-mist-400">
          {hint}
        </p>
      ) : null}
      {errors?.[name] ? <p className="field-error">{errors[name][0]}</p> : null}
    </div>
  );
}

/** The insight editor: create and edit screens share it. Drafts save themselves while staff type. */
export function InsightEditor({
  insight,
  choices,
  errors,
  formError,
}: {
  insight?: InsightDraft;
  choices: RelatedChoice[];
  errors: FieldErrors;
  formError?: string;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useFetcher<{ ok: boolean; savedAt?: string; error?: string }>();
  const [status, setStatus] = useState(insight?.status ?? "draft");
  const [title, setTitle] = useState(insight?.title ?? "");
  const [slug, setSlug] = useState(insight?.slug ?? "");
  const [isSlugEdited, setSlugEdited] = useState(Boolean(insight));
  const dirtyRef = useRef(false);
  const canAutosave = Boolean(insight?.id) && insight?.status === "draft" && status === "draft";

  useEffect(() => {
    if (!canAutosave) return;
    const timer = setInterval(() => {
      if (!dirtyRef.current || !formRef.current) return;
      dirtyRef.current = false;
      const data = new FormData(formRef.current);
      data.set("intent", "autosave");
      void autosave.submit(data, { method: "post" });
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [canAutosave, autosave.submit]);

  const isSaving = navigation.state === "submitting";
  return (
    <Form
      method="post"
      ref={formRef}
      className="space-y-6"
      onChange={() => {
        dirtyRef.current = true;
      }}
    >
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <section className="card grid gap-4 p-5 md:grid-cols-2">
        <Field
          name="title"
          label="Title"
          errors={errors}
          value={title}
          onChange={(next) => {
            setTitle(next);
            if (!isSlugEdited) setSlug(slugify(next));
          }}
        />
        <Field
          name="slug"
          label="Slug"
          errors={errors}
          value={slug}
          hint={
            insight?.status === "published"
              ? "Changing it keeps the old address working: it redirects here."
              : "The address: /insights/your-slug"
          }
          onChange={(next) => {
            setSlug(next);
            setSlugEdited(true);
          }}
        />
        <Field name="author" label="Author" defaultValue={insight?.author} errors={errors} />
        <Field
          name="tags"
          label="Tags"
          defaultValue={insight?.tags.join(", ")}
          errors={errors}
          hint="Separate tags with commas."
        />
        <div className="md:col-span-2">
          <label htmlFor="excerpt" className="field-label">
            Excerpt
          </label>
          <textarea
            id="excerpt"
            name="excerpt"
            rows={2}
            className="field-input"
            defaultValue={insight?.excerpt}
          />
          {errors?.excerpt ? <p className="field-error">{errors.excerpt[0]}</p> : null}
        </div>
      </section>
      <section className="card p-5">
        <ImageUploader
          label="Cover image"
          name="coverImage"
          altName="coverAlt"
          defaultUrl={insight?.coverImage}
          defaultAlt={insight?.coverAlt}
          error={errors?.coverImage?.[0] ?? errors?.coverAlt?.[0]}
        />
      </section>
      <section className="card p-5">
        <MarkdownEditor
          label="Article"
          name="body"
          defaultValue={insight?.body}
          error={errors?.body?.[0]}
          hasImages
          onChange={() => {
            dirtyRef.current = true;
          }}
        />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <PublishingFields
          defaultStatus={insight?.status}
          defaultPublishAt={insight?.publishAt}
          errors={errors}
          onStatusChange={setStatus}
        />
        <RelatedContent choices={choices} defaultSelected={insight?.relatedIds} />
      </div>
      <SeoFields defaults={insight ?? {}} errors={errors} />
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
        {insight?.id ? (
          <a
            href={`/admin/insights/preview?id=${insight.id}`}
            target="_blank"
            rel="noreferrer"
            className="btn-secondary"
          >
            Preview
          </a>
        ) : null}
        <p className="text-sm text-mist-400" aria-live="polite">
          {autosave.data?.ok && autosave.data.savedAt
            ? `Draft saved automatically at ${new Date(autosave.data.savedAt).toLocaleTimeString()}.`
            : autosave.data && !autosave.data.ok
              ? `Not saved automatically: ${autosave.data.error}`
              : canAutosave
                ? "Drafts save automatically while you type."
                : ""}
        </p>
      </div>
    </Form>
  );
}
