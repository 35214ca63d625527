import { Form } from "react-router";
import { Field, FormError } from "#app/components/business/fields.tsx";

type ProposalAcceptFormProps = {
  company: string;
  /** The version the client is looking at, so a proposal changed since is not accepted unseen. */
  version: string;
  error?: string;
  errors?: Record<string, string[]>;
  isBusy: boolean;
};

/** The client's signature: full name and agreement to the terms. */
export function ProposalAcceptForm({
  company,
  version,
  error,
  errors,
  isBusy,
}: ProposalAcceptFormProps) {
  return (
    <section className="card" aria-labelledby="accept">
      <h2 id="accept" className="heading-md mb-4">
        Accept this proposal
      </h2>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="version" value={version} />
        <FormError error={error} />
        <Field label="Your full name (your signature)" name="fullName" errors={errors}>
          {(props) => (
            <input
              {...props}
              name="fullName"
              autoComplete="name"
              required
              minLength={2}
              maxLength={200}
              className="field-input"
            />
          )}
        </Field>
        <div>
          <label className="flex items-start gap-3 text-sm text-mist-300">
            <input
              type="checkbox"
              name="agree"
              value="yes"
              required
              className="mt-1"
              aria-describedby={errors?.hasAgreed ? "agree-error" : undefined}
            />
            <span>I have read this proposal and agree to its terms on behalf of {company}.</span>
          </label>
          {errors?.hasAgreed ? (
            <p id="agree-error" className="field-error">
              {errors.hasAgreed[0]}
            </p>
          ) : null}
        </div>
        <p className="text-xs text-mist-400">
          We record your name, the time and your network address with the accepted version.
        </p>
        <div>
          <button
            type="submit"
            name="intent"
            value="accept"
            className="btn-primary"
            disabled={isBusy}
          >
            Accept proposal
          </button>
        </div>
      </Form>
    </section>
  );
}
