import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { slugify } from "#shared/content-admin/forms.ts";
import { formatDurationInput, podcastFormSchema } from "#shared/podcasts-admin.ts";
import { ImageUploader, type UploadedMedia } from "./image-uploader";
import { MarkdownEditor } from "./markdown-editor";
import { PublishingFields } from "./publishing-fields";

type FieldErrors = Record<string, string[]> | undefined;

export type PodcastFormValues = {
  title: string;
  slug: string;
  showNotes: string;
  audioUrl: string | null;
  durationSeconds: number | null;
  season: number | null;
  episode: number | null;
  coverImage: string | null;
  isExplicit: boolean;
  status: string;
  publishAt: Date | string | null;
  kind?: "audio" | "video";
};

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="field-error">
      {errors[0]}
    </p>
  ) : null;
}

/** The episode editor shared by "new" and "edit". */
export function PodcastForm({
  values,
  errors: serverErrors,
  submitLabel,
}: {
  values?: PodcastFormValues;
  errors?: FieldErrors;
  submitLabel: string;
}) {
  const [title, setTitle] = useState(values?.title ?? "");
  const [slug, setSlug] = useState(values?.slug ?? "");
  const [isSlugEdited, setSlugEdited] = useState(Boolean(values?.slug));
  const [audioUrl, setAudioUrl] = useState(values?.audioUrl ?? "");
  const [duration, setDuration] = useState(formatDurationInput(values?.durationSeconds));
  const [clientErrors, setClientErrors] = useState<FieldErrors>();
  const errors = clientErrors ?? serverErrors;
  const isSaving = useNavigation().state === "submitting";

  function onAudioUploaded(media: UploadedMedia) {
    setAudioUrl(media.url);
    // The browser reads the length at once; the server reads it again from the file on save.
    const audio = new Audio();
    audio.preload = "metadata";
    audio.onloadedmetadata = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0)
        setDuration((current) => current || formatDurationInput(Math.round(audio.duration)));
    };
    audio.src = media.url;
  }

  return (
    <Form
      method="post"
      noValidate
      className="grid gap-6 xl:grid-cols-[1fr_20rem]"
      onSubmit={(event) => {
        const parsed = podcastFormSchema.safeParse(
          Object.fromEntries(new FormData(event.currentTarget)),
        );
        if (parsed.success) {
          setClientErrors(undefined);
          return;
        }
        event.preventDefault();
        const found: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? "form");
          found[key] = [...(found[key] ?? []), issue.message];
        }
        setClientErrors(found);
      }}
    >
      <div className="space-y-5">
        <input type="hidden" name="kind" value={values?.kind ?? "audio"} />
        {values?.kind === "video" ? (
          <p className="rounded-lg border border-frontier-blue/40 bg-frontier-blue/10 px-4 py-3 text-sm text-blue-100">
            This episode comes from the YouTube sync: the next sync updates its title, notes and
            thumbnail from the channel.
          </p>
        ) : null}
        <div>
          <label htmlFor="title" className="field-label">
            Title
          </label>
          <input
            id="title"
            name="title"
            value={title}
            maxLength={200}
            aria-invalid={errors?.title ? true : undefined}
            aria-describedby={errors?.title ? "title-error" : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              if (!isSlugEdited) setSlug(slugify(event.target.value));
            }}
            className="field-input"
          />
          <FieldError id="title-error" errors={errors?.title} />
        </div>
        <div>
          <label htmlFor="slug" className="field-label">
            Slug (the episode's address on /podcasts)
          </label>
          <input
            id="slug"
            name="slug"
            value={slug}
            maxLength={100}
            aria-invalid={errors?.slug ? true : undefined}
            aria-describedby={errors?.slug ? "slug-error" : undefined}
            onChange={(event) => {
              setSlug(event.target.value);
              setSlugEdited(true);
            }}
            className="field-input font-mono"
          />
          <FieldError id="slug-error" errors={errors?.slug} />
        </div>
        <MarkdownEditor
          label="Show notes"
          name="showNotes"
          defaultValue={values?.showNotes ?? ""}
          error={errors?.showNotes?.[0]}
          rows={12}
        />
        <fieldset className="card space-y-4 p-5">
          <legend className="heading-md px-1">Audio</legend>
          <ImageUploader
            label="Upload the audio file (MP3, M4A, WAV or OGG)"
            name="audioUpload"
            kind="audio"
            isKeepingValue={false}
            onUploaded={onAudioUploaded}
          />
          <div>
            <label htmlFor="audioUrl" className="field-label">
              Audio address (filled by the upload, or the file's https:// address elsewhere)
            </label>
            <input
              id="audioUrl"
              name="audioUrl"
              value={audioUrl}
              onChange={(event) => setAudioUrl(event.target.value)}
              aria-invalid={errors?.audioUrl ? true : undefined}
              aria-describedby={errors?.audioUrl ? "audioUrl-error" : undefined}
              className="field-input"
            />
            <FieldError id="audioUrl-error" errors={errors?.audioUrl} />
          </div>
          {audioUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: staff check their own recording; the show notes carry the text
            <audio
              controls
              preload="none"
              src={audioUrl}
              className="w-full"
              aria-label="Listen to the audio"
            />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor="duration" className="field-label">
                Duration (mm:ss)
              </label>
              <input
                id="duration"
                name="duration"
                value={duration}
                placeholder="read from the file"
                onChange={(event) => setDuration(event.target.value)}
                aria-invalid={errors?.duration ? true : undefined}
                aria-describedby={errors?.duration ? "duration-error" : "duration-hint"}
                className="field-input"
              />
              {errors?.duration ? (
                <FieldError id="duration-error" errors={errors.duration} />
              ) : (
                <p id="duration-hint" className="mt-1 text-xs text-mist-400">
                  Leave empty to read it from an uploaded MP3 or WAV.
                </p>
              )}
            </div>
            <div>
              <label htmlFor="season" className="field-label">
                Season
              </label>
              <input
                id="season"
                name="season"
                inputMode="numeric"
                defaultValue={values?.season ?? ""}
                aria-invalid={errors?.season ? true : undefined}
                aria-describedby={errors?.season ? "season-error" : undefined}
                className="field-input"
              />
              <FieldError id="season-error" errors={errors?.season} />
            </div>
            <div>
              <label htmlFor="episode" className="field-label">
                Episode
              </label>
              <input
                id="episode"
                name="episode"
                inputMode="numeric"
                defaultValue={values?.episode ?? ""}
                aria-invalid={errors?.episode ? true : undefined}
                aria-describedby={errors?.episode ? "episode-error" : undefined}
                className="field-input"
              />
              <FieldError id="episode-error" errors={errors?.episode} />
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="isExplicit" defaultChecked={values?.isExplicit ?? false} />
            Explicit content (marked in the RSS feed)
          </label>
        </fieldset>
      </div>
      <div className="space-y-5">
        <PublishingFields
          defaultStatus={values?.status ?? "draft"}
          defaultPublishAt={values?.publishAt}
          errors={errors}
        />
        <div className="card p-5">
          <ImageUploader
            label="Cover image"
            name="coverImage"
            kind="image"
            defaultUrl={values?.coverImage}
            error={errors?.coverImage?.[0]}
          />
        </div>
        {errors?.form ? (
          <p role="alert" className="field-error">
            {errors.form[0]}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={isSaving}>
          {isSaving ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
