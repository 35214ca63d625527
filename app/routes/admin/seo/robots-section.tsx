import { Form } from "react-router";
import type { FieldErrors } from "#app/components/admin/text-fields.tsx";
import { FieldError } from "./field-error";

/** Extra robots.txt lines, served after the product's own rules. */
export function RobotsSection({
  robots,
  fieldErrors,
}: {
  robots: string;
  fieldErrors: FieldErrors;
}) {
  return (
    <section id="robots" className="card space-y-3 p-5" aria-labelledby="robots-heading">
      <h2 id="robots-heading" className="heading-md">
        robots.txt additions
      </h2>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="save-robots" />
        <label htmlFor="additions" className="field-label">
          Extra lines (added after the product's own rules)
        </label>
        <textarea
          id="additions"
          name="additions"
          rows={5}
          className="field-input font-mono text-sm"
          defaultValue={robots}
          placeholder={"User-agent: GPTBot\nDisallow: /"}
        />
        <FieldError errors={fieldErrors} name="additions" />
        <button type="submit" className="btn-primary">
          Save robots.txt
        </button>
        <a href="/robots.txt" className="ml-4 text-frontier-blue underline">
          See robots.txt
        </a>
      </Form>
    </section>
  );
}
