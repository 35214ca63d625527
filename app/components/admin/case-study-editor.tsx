import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { services } from "~/lib/content/services";
import { slugify } from "~/lib/content-admin/forms";
import { ImageUploader } from "./image-uploader";
import { MarkdownEditor } from "./markdown-editor";
import { PublishingFields, SeoFields } from "./publishing-fields";
import { type RelatedChoice, RelatedContent } from "./related-content";

type FieldErrors = Record<string, string[]> | undefined;

export type CaseStudyDraft = {
  id?: string;
  title: string;
  slug: string;
  client: string;
  industry: string;
  services: string[];
  summary: string;
  challenge: string;
  solution: string;
  results: string;
  metrics: Array<{ label: string; value: string }>;
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

/** The case study editor: create and edit screens share it. Drafts save themselves while staff type. */
export function CaseStudyEditor({
  caseStudy,
  choices,
  errors,
  formError,
}: {
  caseStudy?: CaseStudyDraft;
  choices: RelatedChoice[];
  errors: FieldErrors;
  formError?: string;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useFetcher<{ ok: boolean; savedAt?: string; error?: string }>();
  const [status, setStatus] = useState(caseStudy?.status ?? "draft");
  const [title, setTitle] = useState(caseStudy?.title ?? "");
  const [slug, setSlug] = useState(caseStudy?.slug ?? "");
  const [isSlugEdited, setSlugEdited] = useState(Boolean(caseStudy));
  const dirtyRef = useRef(false);
  const canAutosave = Boolean(caseStudy?.id) && caseStudy?.status === "draft" && status === "draft";

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
            caseStudy?.status === "published"
              ? "Changing it keeps the old address working: it redirects here."
              : "The address: /case-studies/your-slug"
          }
          onChange={(next) => {
            setSlug(next);
            setSlugEdited(true);
          }}
        />
        <Field name="client" label="Client" defaultValue={caseStudy?.client} errors={errors} />
        <Field
          name="industry"
          label="Industry"
          defaultValue={caseStudy?.industry}
          errors={errors}
        />
        <fieldset className="md:col-span-2">
          <legend className="field-label">Services</legend>
          <div className="flex flex-wrap gap-4">
            {services.map((service) => (
              <label key={service.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="services"
                  value={service.id}
                  defaultChecked={caseStudy?.services.includes(service.id)}
                />
                {service.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="md:col-span-2">
          <label htmlFor="summary" className="field-label">
            Summary
          </label>
          <textarea
            id="summary"
            name="summary"
            rows={2}
            className="field-input"
            defaultValue={caseStudy?.summary}
          />
          {errors?.summary ? <p className="field-error">{errors.summary[0]}</p> : null}
        </div>
        <div className="md:col-span-2">
          <label htmlFor="metrics" className="field-label">
            Metrics (one per line, “Label: value”)
          </label>
          <textarea
            id="metrics"
            name="metrics"
            rows={3}
            className="field-input"
            defaultValue={caseStudy?.metrics
              .map((metric) => `${metric.label}: ${metric.value}`)
              .join("\n")}
          />
          {errors?.metrics ? <p className="field-error">{errors.metrics[0]}</p> : null}
        </div>
      </section>
      <section className="card p-5">
        <ImageUploader
          label="Cover image"
          name="coverImage"
          altName="coverAlt"
          defaultUrl={caseStudy?.coverImage}
          defaultAlt={caseStudy?.coverAlt}
          error={errors?.coverImage?.[0] ?? errors?.coverAlt?.[0]}
        />
      </section>
      {(
        [
          ["challenge", "Challenge"],
          ["solution", "Solution"],
          ["results", "Results"],
        ] as const
      ).map(([name, label]) => (
        <section key={name} className="card p-5">
          <MarkdownEditor
            label={label}
            name={name}
            defaultValue={caseStudy?.[name]}
            error={errors?.[name]?.[0]}
            rows={8}
            hasImages={name === "solution"}
            onChange={() => {
              dirtyRef.current = true;
            }}
          />
        </section>
      ))}
      <div className="grid gap-6 lg:grid-cols-2">
        <PublishingFields
          defaultStatus={caseStudy?.status}
          defaultPublishAt={caseStudy?.publishAt}
          errors={errors}
          onStatusChange={setStatus}
        />
        <RelatedContent choices={choices} defaultSelected={caseStudy?.relatedIds} />
      </div>
      <SeoFields defaults={caseStudy ?? {}} errors={errors} />
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
        {caseStudy?.id ? (
          <a
            href={`/admin/case-studies/preview?id=${caseStudy.id}`}
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
