import { webhookEventTypes } from "#shared/webhooks.ts";

/** The address, description and events of an endpoint: the same fields to add and to edit. */
export function EndpointFields({
  values,
  fieldErrors,
  idPrefix,
}: {
  values?: { url: string; description: string; events: string[] };
  fieldErrors?: Record<string, string[]>;
  idPrefix: string;
}) {
  const chosen = new Set(values?.events ?? ["lead.created"]);
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-url`} className="field-label">
          Address (https)
        </label>
        <input
          id={`${idPrefix}-url`}
          name="url"
          type="url"
          required
          defaultValue={values?.url}
          placeholder="https://crm.example.com/hooks/frontier"
          aria-invalid={fieldErrors?.url ? true : undefined}
          aria-describedby={fieldErrors?.url ? `${idPrefix}-url-error` : undefined}
          className="field-input"
        />
        {fieldErrors?.url ? (
          <p id={`${idPrefix}-url-error`} className="field-error">
            {fieldErrors.url[0]}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${idPrefix}-description`} className="field-label">
          Description (optional)
        </label>
        <input
          id={`${idPrefix}-description`}
          name="description"
          maxLength={200}
          defaultValue={values?.description}
          placeholder="CRM: new leads and paid invoices"
          className="field-input"
        />
      </div>
      <fieldset>
        <legend className="field-label">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((event) => (
            <label
              key={event.type}
              className="flex cursor-pointer gap-3 rounded-lg border border-white/10 p-2"
            >
              <input
                type="checkbox"
                name="events"
                value={event.type}
                defaultChecked={chosen.has(event.type)}
                className="mt-1 accent-frontier-orange"
              />
              <span>
                <span className="block text-sm font-medium text-white">{event.label}</span>
                <span className="block text-xs text-mist-400">
                  <code>{event.type}</code> · {event.description}
                </span>
              </span>
            </label>
          ))}
        </div>
        {fieldErrors?.events ? <p className="field-error">{fieldErrors.events[0]}</p> : null}
      </fieldset>
    </>
  );
}
