import { useFetcher } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";

type SharedFile = {
  id: string;
  filename: string;
  size: number;
  createdAt: Date | string;
  uploadedBy: string | null;
};

/** Files the team shares with the client: they appear on the client's project page at once. */
export function SharedFilesPanel({
  projectId,
  files,
  locale,
}: {
  projectId: string;
  files: SharedFile[];
  locale: string;
}) {
  const action = `/admin/projects/${projectId}/shared-files`;
  const uploader = useFetcher<{ ok: false; error: string }>();
  const remover = useFetcher<{ ok: false; error: string }>();
  const refusal = [uploader.data, remover.data].find((data) => data && "error" in data);
  return (
    <section aria-labelledby="shared-files" className="card">
      <h2 id="shared-files" className="heading-md">
        Shared with the client
      </h2>
      <p className="mt-1 mb-4 text-sm text-mist-400">
        Reports, designs, contracts: PDF or images, up to 25 MB each. The client downloads them in
        the portal.
      </p>
      {files.length ? (
        <ul className="mb-4 flex flex-col gap-2 text-sm" data-testid="shared-files">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <a
                  href={`/admin/projects/${projectId}/files/${file.id}`}
                  className="text-frontier-blue underline"
                  download
                >
                  {file.filename}
                </a>{" "}
                <span className="text-mist-400">
                  ({Math.ceil(file.size / 1024)} KB, {formatDate(file.createdAt, locale)}
                  {file.uploadedBy ? `, ${file.uploadedBy}` : ""})
                </span>
              </span>
              <remover.Form method="post" action={action}>
                <input type="hidden" name="fileId" value={file.id} />
                <button
                  type="submit"
                  name="intent"
                  value="unshare"
                  className="text-sm text-mist-400 underline hover:text-white"
                  aria-label={`Stop sharing ${file.filename}`}
                >
                  Stop sharing
                </button>
              </remover.Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-mist-400">Nothing shared yet.</p>
      )}
      <uploader.Form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="flex flex-wrap items-end gap-3"
        key={files.length}
      >
        <div>
          <label htmlFor="shared-file" className="field-label">
            Share a file
          </label>
          <input
            id="shared-file"
            type="file"
            name="file"
            required
            accept="application/pdf,image/png,image/jpeg,image/webp,image/gif"
            className="text-sm text-mist-300"
          />
        </div>
        <button
          type="submit"
          name="intent"
          value="share"
          className="btn-secondary px-4 py-2 text-sm"
          disabled={uploader.state !== "idle"}
        >
          {uploader.state !== "idle" ? "Sharing..." : "Share"}
        </button>
      </uploader.Form>
      {refusal ? (
        <p role="alert" className="field-error">
          {refusal.error}
        </p>
      ) : null}
    </section>
  );
}
