import { Form, useNavigation } from "react-router";
import { ImageUploader } from "./image-uploader";

type FieldErrors = Record<string, string[]> | undefined;

export type TestimonialDraft = {
  quote: string;
  name: string;
  role: string;
  company: string;
  photoUrl: string | null;
  photoAlt: string | null;
  isVisible: boolean;
};

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
  const error = (name: string) =>
    errors?.[name] ? <p className="field-error">{errors[name][0]}</p> : null;
  return (
    <Form method="post" className="card max-w-3xl space-y-4 p-5">
      <input type="hidden" name="intent" value="save" />
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div>
        <label htmlFor="quote" className="field-label">
          Quote
        </label>
        <textarea
          id="quote"
          name="quote"
          rows={4}
          className="field-input"
          defaultValue={testimonial?.quote}
        />
        {error("quote")}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ["name", "Name"],
            ["role", "Role"],
            ["company", "Company"],
          ] as const
        ).map(([name, label]) => (
          <div key={name}>
            <label htmlFor={name} className="field-label">
              {label}
            </label>
            <input
              id={name}
              name={name}
              className="field-input"
              defaultValue={testimonial?.[name]}
            />
            {error(name)}
          </div>
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
