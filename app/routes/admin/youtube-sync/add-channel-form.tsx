import { useState } from "react";
import { Form } from "react-router";
import { channelIdSchema } from "#shared/youtube.ts";

/**
 * Adds a channel by its id, checked in the browser before it is sent.
 * `formKey` changes when the list does, which clears the field.
 */
export function AddChannelForm({
  formKey,
  serverError,
}: {
  formKey: number;
  serverError: string | undefined;
}) {
  const [clientError, setClientError] = useState<string>();
  const channelError = clientError ?? serverError;
  return (
    <Form
      key={formKey}
      method="post"
      noValidate
      className="mt-6 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        const value = new FormData(event.currentTarget).get("channelId");
        const parsed = channelIdSchema.safeParse(value);
        setClientError(parsed.success ? undefined : parsed.error.issues[0].message);
        if (!parsed.success) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <div className="min-w-64 flex-1">
        <label htmlFor="channelId" className="field-label">
          Channel id
        </label>
        <input
          id="channelId"
          name="channelId"
          placeholder="UCxxxxxxxxxxxxxxxxxxxxxx"
          autoComplete="off"
          aria-invalid={channelError ? true : undefined}
          aria-describedby={channelError ? "channelId-error" : "channelId-hint"}
          className="field-input font-mono"
        />
        {channelError ? (
          <p id="channelId-error" className="field-error">
            {channelError}
          </p>
        ) : (
          <p id="channelId-hint" className="mt-1 text-xs text-mist-400">
            The id in the channel's address: youtube.com/channel/UC…
          </p>
        )}
      </div>
      <button type="submit" className="btn-secondary">
        Add channel
      </button>
    </Form>
  );
}
