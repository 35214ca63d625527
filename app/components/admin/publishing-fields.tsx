import { useState } from "react";
import { Form } from "react-router";
import { ImageUploader } from "./image-uploader";

type FieldErrors = Record<string, string[]> | undefined;

function toLocalInput(date: Date | string | null | undefined) {
  if (!date) return "";
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return "";
  const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 19);
}

/** Draft, scheduled (with its time, in the viewer's zone) or published. */
export function PublishingFields({
  defaultStatus = "draft",
  defaultPublishAt,
  errors,
  onStatusChange,
}: {
  defaultStatus?: string;
  defaultPublishAt?: Date | string | null;
  errors: FieldErrors;
  onStatusChange?: (status: string) => void;
}) {
  const [status, setStatus] = useState(defaultStatus);
  const [local, setLocal] = useState(toLocalInput(defaultPublishAt));
  const iso = local ? new Date(local).toISOString() : "";
  return (
    <fieldset className="card space-y-3 p-5">
      <legend className="heading-md px-1">Publishing</legend>
      <div role="radiogroup" aria-label="State" className="flex flex-wrap gap-4">
        {(["draft", "scheduled", "published"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm capitalize">
            <input
              type="radio"
              name="status"
              value={value}
              checked={status === value}
              onChange={() => {
                setStatus(value);
                onStatusChange?.(value);
              }}
            />
            {value}
          </label>
        ))}
      </div>
      {status === "scheduled" ? (
        <div>
          <label htmlFor="publishAtLocal" className="field-label">
            Publish at (your local time)
          </label>
          <input
            id="publishAtLocal"
            type="datetime-local"
            step={1}
            className="field-input"
            value={local}
            onChange={(event) => setLocal(event.target.value)}
          />
          <input type="hidden" name="publishAt" value={iso} />
          {errors?.publishAt ? <p className="field-error">{errors.publishAt[0]}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/** Title and description for search results and link previews, with length hints. */
export function SeoFields({
  defaults,
  errors,
}: {
  defaults: {
    seoTitle?: string | null;
    seoDescription?: string | null;
    socialImage?: string | null;
  };
  errors: FieldErrors;
}) {
  const [title, setTitle] = useState(defaults.seoTitle ?? "");
  const [description, setDescription] = useState(defaults.seoDescription ?? "");
  return (
    <fieldset className="card space-y-3 p-5">
      <legend className="heading-md px-1">Search and sharing</legend>
      <div>
        <label htmlFor="seoTitle" className="field-label">
          SEO title <span className="text-mist-400">({title.length}/60)</span>
        </label>
        <input
          id="seoTitle"
          name="seoTitle"
          className="field-input"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        {title.length > 60 ? (
          <p className="text-sm text-frontier-orange">
            Search engines cut titles over 60 characters.
          </p>
        ) : null}
        {errors?.seoTitle ? <p className="field-error">{errors.seoTitle[0]}</p> : null}
      </div>
      <div>
        <label htmlFor="seoDescription" className="field-label">
          SEO description <span className="text-mist-400">({description.length}/160)</span>
        </label>
        <textarea
          id="seoDescription"
          name="seoDescription"
          rows={3}
          className="field-input"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        {description.length > 160 ? (
          <p className="text-sm text-frontier-orange">
            Search engines cut descriptions over 160 characters.
          </p>
        ) : null}
        {errors?.seoDescription ? <p className="field-error">{errors.seoDescription[0]}</p> : null}
      </div>
      <ImageUploader
        label="Social image (link previews)"
        name="socialImage"
        defaultUrl={defaults.socialImage}
        error={errors?.socialImage?.[0]}
      />
    </fieldset>
  );
}

export type RevisionRow = {
  id: string;
  reason: string;
  authorName: string | null;
  createdAt: Date | string;
};

/** An item's saved versions; restoring copies one back into the item. */
export function RevisionHistory({ revisions }: { revisions: RevisionRow[] }) {
  return (
    <section className="card p-5" aria-labelledby="revisions-heading">
      <h2 id="revisions-heading" className="heading-md">
        Revision history
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-sm text-mist-400">No saved versions yet.</p>
      ) : null}
      <ol className="mt-3 space-y-2">
        {revisions.map((revision, index) => (
          <li key={revision.id} className="flex items-center justify-between gap-3 text-sm">
            <span>
              <time dateTime={new Date(revision.createdAt).toISOString()}>
                {new Date(revision.createdAt).toLocaleString()}
              </time>{" "}
              <span className="text-mist-400">
                · {revision.reason}
                {revision.authorName ? ` by ${revision.authorName}` : ""}
                {index === 0 ? " (current)" : ""}
              </span>
            </span>
            {index > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="revisionId" value={revision.id} />
                <button type="submit" className="text-frontier-blue underline">
                  Restore
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
