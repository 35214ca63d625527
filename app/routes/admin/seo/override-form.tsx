import { Form } from "react-router";
import { ImageUploader } from "#app/components/admin/image-uploader.tsx";
import type { FieldErrors } from "#app/components/admin/text-fields.tsx";
import { FieldError } from "./field-error";

export type SeoOverride = {
  path: string;
  title: string | null;
  description: string | null;
  socialImage: string | null;
  isNoindex: boolean;
};

/** Saves the title, description, social image and noindex of one path. */
export function OverrideForm({
  editing,
  fieldErrors,
}: {
  /** The override being edited, or only the path of a new one. */
  editing: SeoOverride | { path: string };
  fieldErrors: FieldErrors;
}) {
  return (
    <Form method="post" className="grid gap-3 md:grid-cols-2" key={editing.path}>
      <input type="hidden" name="intent" value="save-override" />
      <div>
        <label htmlFor="override-path" className="field-label">
          Path
        </label>
        <input
          id="override-path"
          name="path"
          className="field-input"
          defaultValue={editing.path}
          placeholder="/about-us"
        />
        <FieldError errors={fieldErrors} name="path" />
      </div>
      <div>
        <label htmlFor="override-title" className="field-label">
          Title
        </label>
        <input
          id="override-title"
          name="title"
          className="field-input"
          defaultValue={"title" in editing ? (editing.title ?? "") : ""}
        />
        <FieldError errors={fieldErrors} name="title" />
      </div>
      <div className="md:col-span-2">
        <label htmlFor="override-description" className="field-label">
          Description
        </label>
        <textarea
          id="override-description"
          name="description"
          rows={2}
          className="field-input"
          defaultValue={"description" in editing ? (editing.description ?? "") : ""}
        />
        <FieldError errors={fieldErrors} name="description" />
      </div>
      <div className="md:col-span-2">
        <ImageUploader
          label="Social image"
          name="socialImage"
          defaultUrl={"socialImage" in editing ? editing.socialImage : null}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="isNoindex"
          defaultChecked={"isNoindex" in editing ? editing.isNoindex : false}
        />
        Keep this page out of search results (noindex)
      </label>
      <div>
        <button type="submit" className="btn-primary">
          Save override
        </button>
      </div>
    </Form>
  );
}
