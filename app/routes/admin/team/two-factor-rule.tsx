import { useFetcher } from "react-router";
import { type FormResult, useResultToast } from "#app/components/auth/auth-form.tsx";

/**
 * The team's sign-in rule: require two-factor sign-in for all staff (decision 212). It sits
 * here, beside the people it applies to, rather than among the site settings.
 */
export function TwoFactorRule({ isRequired }: { isRequired: boolean }) {
  const fetcher = useFetcher<FormResult>();
  useResultToast(fetcher.data);
  const pending = fetcher.formData?.get("isRequired");
  const isChecked = pending ? pending === "on" : isRequired;
  return (
    <section aria-labelledby="sign-in-rule-heading" className="card mb-8">
      <h2 id="sign-in-rule-heading" className="heading-md">
        Sign-in rule
      </h2>
      <fetcher.Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="require-two-factor" />
        <input type="hidden" name="isRequired" value={isChecked ? "off" : "on"} />
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={isChecked}
            onChange={(event) => fetcher.submit(event.currentTarget.form)}
          />
          <span>
            <span className="font-medium text-white">Require two-factor sign-in for all staff</span>
            <span className="block text-sm text-mist-400">
              Anyone without it is taken to set it up before they can use the command center.
            </span>
          </span>
        </label>
        <noscript>
          <button type="submit" className="btn-secondary mt-3 py-1.5 text-sm">
            {isRequired ? "Stop requiring it" : "Require it"}
          </button>
        </noscript>
      </fetcher.Form>
    </section>
  );
}
