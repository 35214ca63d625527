import { type DragEvent, useEffect, useId, useRef, useState } from "react";

export type UploadKind = "image" | "logo" | "audio" | "document";
export type UploadedMedia = { id: string; url: string; alt: string; contentType: string };

type Props = {
  /** Label of the whole control ("Cover image"). */
  label: string;
  /** Form field that carries the file's URL. */
  name: string;
  /** Form field that carries the alt text (optional: some places keep alt elsewhere). */
  altName?: string;
  kind?: UploadKind;
  defaultUrl?: string | null;
  defaultAlt?: string | null;
  /** Called after every successful upload (e.g. to insert Markdown). */
  onUploaded?: (media: UploadedMedia) => void;
  /** Keep the chosen URL in the form (false: the uploader only hands files to onUploaded). */
  isKeepingValue?: boolean;
  error?: string;
};

const accepts: Record<UploadKind, string> = {
  image: "image/png,image/jpeg,image/webp,image/avif,image/gif",
  logo: "image/png,image/jpeg,image/webp,image/avif,image/gif,image/svg+xml",
  audio: "audio/mpeg,audio/mp4,audio/x-m4a,audio/wav,audio/ogg",
  document: "application/pdf",
};

/** Sends the file with XMLHttpRequest, whose upload events give the progress bar. */
function sendUpload(
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<{ ok: true; media: UploadedMedia } | { ok: false; error: string }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/admin/media/upload");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as {
        ok?: boolean;
        media?: UploadedMedia;
        error?: string;
      } | null;
      if (request.status === 200 && body?.ok && body.media)
        resolve({ ok: true, media: body.media });
      else
        resolve({
          ok: false,
          error:
            body?.error ??
            (request.status === 401 || request.status === 403 || request.status === 302
              ? "Your session has ended. Sign in again, then upload the file."
              : "The upload failed. Try again."),
        });
    };
    request.onerror = () =>
      resolve({
        ok: false,
        error: "The upload was interrupted. Check your connection and try again.",
      });
    request.send(form);
  });
}

/**
 * The one uploader of the command center: drop or pick a file, describe it
 * (alt text is required for pictures), upload with a progress bar, see it.
 */
export function ImageUploader({
  label,
  name,
  altName,
  kind = "image",
  defaultUrl,
  defaultAlt,
  onUploaded,
  isKeepingValue = true,
  error,
}: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(defaultUrl ?? "");
  const [alt, setAlt] = useState(defaultAlt ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const isPicture = kind === "image" || kind === "logo";

  useEffect(() => {
    if (!file || !isPicture) return;
    const objectUrl = URL.createObjectURL(file);
    setLocalPreview(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, isPicture]);

  function choose(next: File | undefined) {
    setMessage(null);
    setFile(next ?? null);
    if (!next) setLocalPreview(null);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  async function upload() {
    if (!file) return;
    if (isPicture && !alt.trim()) {
      setMessage("Describe the image in the alt text before uploading.");
      return;
    }
    const form = new FormData();
    form.set("file", file);
    form.set("kind", kind);
    form.set("alt", alt);
    setProgress(0);
    setMessage(null);
    const result = await sendUpload(form, setProgress);
    setProgress(null);
    if (!result.ok) {
      setMessage(result.error);
      return;
    }
    if (isKeepingValue) setUrl(result.media.url);
    setFile(null);
    setLocalPreview(null);
    if (inputRef.current) inputRef.current.value = "";
    onUploaded?.(result.media);
  }

  const preview = localPreview ?? (isKeepingValue ? url : "");
  const shownError = message ?? error;

  return (
    <fieldset className="rounded-lg border border-mist-400/20 p-4" aria-describedby={`${id}-help`}>
      <legend className="field-label px-1">{label}</legend>
      {isKeepingValue ? <input type="hidden" name={name} value={url} /> : null}
      {altName ? <input type="hidden" name={altName} value={alt} /> : null}
      <div className="flex flex-col gap-4 sm:flex-row">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer extra; the "Choose a file" button does the same by keyboard */}
        <div
          className={`flex min-h-32 flex-1 flex-col items-center justify-center gap-2 rounded-md border-2 border-dashed p-4 text-center text-sm ${
            isDragging ? "border-frontier-blue bg-frontier-blue/10" : "border-mist-400/30"
          }`}
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={onDrop}
          data-testid={`${name}-dropzone`}
        >
          <p className="text-mist-300">Drop a file here, or</p>
          <label htmlFor={`${id}-file`} className="btn-secondary cursor-pointer">
            Choose a file
          </label>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={accepts[kind]}
            className="sr-only"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <p id={`${id}-help`} className="text-xs text-mist-400">
            {file ? `Selected: ${file.name}` : helpText(kind)}
          </p>
        </div>
        {isPicture && preview ? (
          <img
            src={preview}
            alt={alt || "Preview of the chosen image"}
            className="h-32 w-48 rounded-md bg-ink-900 object-contain"
          />
        ) : null}
      </div>
      {isPicture ? (
        <div className="mt-3">
          <label htmlFor={`${id}-alt`} className="field-label">
            Alt text (what the image shows)
          </label>
          <input
            id={`${id}-alt`}
            className="field-input"
            value={alt}
            maxLength={300}
            onChange={(event) => setAlt(event.target.value)}
          />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={!file || progress !== null}
          onClick={() => void upload()}
        >
          {progress !== null ? "Uploading…" : "Upload"}
        </button>
        {isKeepingValue && url ? (
          <>
            <a
              href={url}
              className="break-all text-sm text-frontier-blue underline"
              target="_blank"
              rel="noreferrer"
            >
              {url}
            </a>
            <button type="button" className="btn-secondary" onClick={() => setUrl("")}>
              Remove
            </button>
          </>
        ) : null}
      </div>
      {progress !== null ? (
        <progress className="mt-3 w-full" max={1} value={progress} aria-label="Upload progress">
          {Math.round(progress * 100)}%
        </progress>
      ) : null}
      {shownError ? (
        <p className="field-error mt-2" role="alert">
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}

function helpText(kind: UploadKind) {
  if (kind === "logo") return "PNG, JPEG, WebP, AVIF, GIF or SVG, up to 2 MB.";
  if (kind === "audio") return "MP3, M4A, WAV or OGG, up to 200 MB.";
  if (kind === "document") return "PDF, up to 25 MB.";
  return "PNG, JPEG, WebP, AVIF or GIF, up to 10 MB.";
}
