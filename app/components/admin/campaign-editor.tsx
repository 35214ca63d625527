import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useLivePreview } from "./use-live-preview";

type FieldErrors = Record<string, string[]> | undefined;

export type CampaignDraft = {
  name: string;
  subject: string;
  previewText: string;
  body: string;
  audienceTags: string[];
  isTrackingEnabled: boolean;
};

/** Subject, preview text, Markdown body with a live preview of the mail, audience and tracking. */
export function CampaignEditor({
  campaign,
  tags,
  errors,
  formError,
}: {
  campaign?: CampaignDraft;
  tags: string[];
  errors: FieldErrors;
  formError?: string;
}) {
  const navigation = useNavigation();
  const [values, setValues] = useState({
    subject: campaign?.subject ?? "",
    previewText: campaign?.previewText ?? "",
    body: campaign?.body ?? "",
  });
  const preview = useLivePreview<{ html: string; subject: string }>(
    "/admin/campaigns/preview",
    values,
  );
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  const error = (name: string) =>
    errors?.[name] ? <p className="field-error">{errors[name][0]}</p> : null;

  return (
    <Form method="post" className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <section className="card space-y-4 p-5">
          <div>
            <label htmlFor="name" className="field-label">
              Campaign name (staff only)
            </label>
            <input id="name" name="name" className="field-input" defaultValue={campaign?.name} />
            {error("name")}
          </div>
          <div>
            <label htmlFor="subject" className="field-label">
              Subject
            </label>
            <input
              id="subject"
              name="subject"
              className="field-input"
              value={values.subject}
              onChange={set("subject")}
            />
            {error("subject")}
          </div>
          <div>
            <label htmlFor="previewText" className="field-label">
              Preview text (shown after the subject in inboxes)
            </label>
            <input
              id="previewText"
              name="previewText"
              className="field-input"
              value={values.previewText}
              onChange={set("previewText")}
            />
            {error("previewText")}
          </div>
          <div>
            <label htmlFor="body" className="field-label">
              Message (Markdown)
            </label>
            <textarea
              id="body"
              name="body"
              rows={14}
              className="field-input font-mono text-sm"
              value={values.body}
              onChange={set("body")}
            />
            {error("body")}
          </div>
          <div>
            <label htmlFor="audienceTags" className="field-label">
              Audience tags
            </label>
            <input
              id="audienceTags"
              name="audienceTags"
              className="field-input"
              defaultValue={campaign?.audienceTags.join(", ")}
              aria-describedby="audience-hint"
              list="subscriber-tags"
            />
            <datalist id="subscriber-tags">
              {tags.map((tag) => (
                <option key={tag} value={tag} />
              ))}
            </datalist>
            <p id="audience-hint" className="text-xs text-mist-400">
              Empty: every confirmed subscriber. With tags: confirmed subscribers with any of them
              {tags.length ? ` (in use: ${tags.slice(0, 10).join(", ")})` : ""}.
            </p>
            {error("audienceTags")}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="isTrackingEnabled"
              defaultChecked={campaign?.isTrackingEnabled}
            />
            Count opens and clicks (off by default; tells readers' mail apps to load a tracking
            image)
          </label>
          <button
            type="submit"
            className="btn-primary"
            disabled={navigation.state === "submitting"}
          >
            Save campaign
          </button>
        </section>
        <section aria-label="Email preview" className="card p-5">
          <p className="field-label">Email preview</p>
          <p className="mb-2 text-sm text-mist-300">
            <strong>{values.subject || "(no subject)"}</strong> — {values.previewText}
          </p>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={preview?.html ?? ""}
            className="h-[36rem] w-full rounded-lg bg-white"
          />
        </section>
      </div>
    </Form>
  );
}
