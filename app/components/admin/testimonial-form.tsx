import { Form, useNavigation } from "react-router";
import type { TestimonialData } from "#shared/content/cards.ts";
import { ImageUploader } from "./image-uploader";
import { type FieldErrors, TextAreaField, TextField } from "./text-fields";

export type TestimonialDraft = Omit<TestimonialData, "id"> & { isVisible: boolean };

/** The testimonial form of the create and edit screens. */
export function TestimonialForm({
  testimonial,
  errors,
  formError,
}: {
  testimonial?: TestimonialDraft;
  errors: FieldErrors;
  formError?: string;
}) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="card max-w-3xl space-y-4 p-5">
      <input type="hidden" name="intent" value="save" />
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <TextAreaField
        name="quote"
        label="Quote"
        rows={4}
        defaultValue={testimonial?.quote}
        errors={errors}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ["name", "Name"],
            ["role", "Role"],
            ["company", "Company"],
          ] as const
        ).map(([name, label]) => (
          <TextField
            key={name}
            name={name}
            label={label}
            defaultValue={testimonial?.[name]}
            errors={errors}
          />
        ))}
      </div>
      <ImageUploader
        label="Photo"
        name="photoUrl"
        altName="photoAlt"
        defaultUrl={testimonial?.photoUrl}
        defaultAlt={testimonial?.photoAlt}
        error={errors?.photoUrl?.[0] ?? errors?.photoAlt?.[0]}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isVisible" defaultChecked={testimonial?.isVisible ?? true} />
        Shown on the site
      </label>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        Save testimonial
      </button>
    </Form>
  );
}
