import { services } from "#shared/content/services.ts";
import { caseStudyKind } from "#shared/content-admin/kinds.ts";
import { MarkdownEditor } from "./markdown-editor";
import { type PublishableDraft, PublishableEditor } from "./publishable-editor";
import type { RelatedChoice } from "./related-content";
import { type FieldErrors, TextAreaField, TextField } from "./text-fields";

export type CaseStudyDraft = PublishableDraft & {
  client: string;
  industry: string;
  services: string[];
  summary: string;
  challenge: string;
  solution: string;
  results: string;
  metrics: Array<{ label: string; value: string }>;
};

const sections = [
  ["challenge", "Challenge"],
  ["solution", "Solution"],
  ["results", "Results"],
] as const;

/** The case study editor: client, industry, services, summary, metrics and three Markdown sections. */
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
  return (
    <PublishableEditor
      item={caseStudy}
      kind={caseStudyKind}
      choices={choices}
      errors={errors}
      formError={formError}
      details={
        <>
          <TextField
            name="client"
            label="Client"
            defaultValue={caseStudy?.client}
            errors={errors}
          />
          <TextField
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
          <TextAreaField
            isWide
            name="summary"
            label="Summary"
            rows={2}
            defaultValue={caseStudy?.summary}
            errors={errors}
          />
          <TextAreaField
            isWide
            name="metrics"
            label="Metrics (one per line, “Label: value”)"
            rows={3}
            defaultValue={caseStudy?.metrics
              .map((metric) => `${metric.label}: ${metric.value}`)
              .join("\n")}
            errors={errors}
          />
        </>
      }
      body={(markDirty) =>
        sections.map(([name, label]) => (
          <section key={name} className="card p-5">
            <MarkdownEditor
              label={label}
              name={name}
              defaultValue={caseStudy?.[name]}
              error={errors?.[name]?.[0]}
              rows={8}
              hasImages={name === "solution"}
              onChange={markDirty}
            />
          </section>
        ))
      }
    />
  );
}
