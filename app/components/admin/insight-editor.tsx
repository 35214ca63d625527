import { insightKind } from "#shared/content-admin/kinds.ts";
import { MarkdownEditor } from "./markdown-editor";
import { type PublishableDraft, PublishableEditor } from "./publishable-editor";
import type { RelatedChoice } from "./related-content";
import { type FieldErrors, TextAreaField, TextField } from "./text-fields";

export type InsightDraft = PublishableDraft & {
  excerpt: string;
  body: string;
  author: string;
  tags: string[];
};

/** The insight editor: author, tags, excerpt and one Markdown article. */
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
  return (
    <PublishableEditor
      item={insight}
      kind={insightKind}
      choices={choices}
      errors={errors}
      formError={formError}
      details={
        <>
          <TextField name="author" label="Author" defaultValue={insight?.author} errors={errors} />
          <TextField
            name="tags"
            label="Tags"
            defaultValue={insight?.tags.join(", ")}
            errors={errors}
            hint="Separate tags with commas."
          />
          <TextAreaField
            isWide
            name="excerpt"
            label="Excerpt"
            rows={2}
            defaultValue={insight?.excerpt}
            errors={errors}
          />
        </>
      }
      body={(markDirty) => (
        <section className="card p-5">
          <MarkdownEditor
            label="Article"
            name="body"
            defaultValue={insight?.body}
            error={errors?.body?.[0]}
            hasImages
            onChange={markDirty}
          />
        </section>
      )}
    />
  );
}
