import type { ChangeEvent } from "react";
import { Form } from "react-router";
import {
  ONBOARDING_FILE_TOO_LARGE,
  ONBOARDING_MAX_FILE_BYTES,
} from "#shared/business/onboarding-form.ts";
import type { Route } from "./+types/onboarding";

type OnboardingFilesProps = {
  files: Route.ComponentProps["loaderData"]["files"];
  isBusy: boolean;
  /** After submitting (in the portal) files can be added, not removed. */
  canRemove?: boolean;
};

/** A file past the limit is refused here, before it is sent (the server refuses it too). */
function checkFileSize(event: ChangeEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const isTooLarge = (input.files?.[0]?.size ?? 0) > ONBOARDING_MAX_FILE_BYTES;
  input.setCustomValidity(isTooLarge ? ONBOARDING_FILE_TOO_LARGE : "");
  if (isTooLarge) input.reportValidity();
}

/** The files the client has sent so far, each removable, and the upload form. */
export function OnboardingFiles({ files, isBusy, canRemove = true }: OnboardingFilesProps) {
  return (
    <div className="mt-8 border-t border-white/10 pt-6">
      <h3 className="font-semibold text-white">Files</h3>
      {files.length ? (
        <ul className="mt-3 flex flex-col gap-2 text-sm" data-testid="onboarding-files">
          {files.map((file) => (
            <li key={file.id} className="flex items-center justify-between gap-3">
              <span>
                {file.filename}{" "}
                <span className="text-mist-400">({Math.ceil(file.size / 1024)} KB)</span>
              </span>
              {canRemove ? (
                <Form method="post">
                  <input type="hidden" name="fileId" value={file.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove-file"
                    className="text-sm text-mist-400 underline hover:text-white"
                    aria-label={`Remove ${file.filename}`}
                  >
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-mist-400">No files yet.</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="brand-file" className="field-label">
            Add a file (PDF or image, up to 10 MB)
          </label>
          <input
            id="brand-file"
            type="file"
            name="file"
            required
            accept="application/pdf,image/png,image/jpeg,image/webp,image/gif"
            onChange={checkFileSize}
            className="text-sm text-mist-300"
          />
        </div>
        <button
          type="submit"
          name="intent"
          value="upload"
          className="btn-secondary px-4 py-2 text-sm"
          disabled={isBusy}
        >
          Upload
        </button>
      </Form>
    </div>
  );
}
