import { useId, useRef, useState } from "react";
import { ImageUploader } from "./image-uploader";
import { useLivePreview } from "./use-live-preview";

type Props = {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string;
  rows?: number;
  /** Offer "Insert image" (uploads and adds Markdown at the cursor). */
  hasImages?: boolean;
  onChange?: (value: string) => void;
};

/**
 * Markdown with a live preview rendered by the server's own renderer and
 * sanitiser, so what staff see is what the public page shows.
 */
export function MarkdownEditor({
  label,
  name,
  defaultValue = "",
  error,
  rows = 16,
  hasImages = false,
  onChange,
}: Props) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const preview = useLivePreview<{ html: string; error: string | null }>("/admin/content/preview", {
    markdown: value,
  });

  function update(next: string) {
    setValue(next);
    onChange?.(next);
  }

  function insertImage(url: string, alt: string) {
    const textarea = textareaRef.current;
    const snippet = `\n![${alt.replace(/[[\]]/g, "")}](${url})\n`;
    const start = textarea?.selectionStart ?? value.length;
    const end = textarea?.selectionEnd ?? value.length;
    update(value.slice(0, start) + snippet + value.slice(end));
  }

  return (
    <div className="space-y-3">
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <label htmlFor={id} className="field-label">
            {label} (Markdown)
          </label>
          <textarea
            ref={textareaRef}
            id={id}
            name={name}
            rows={rows}
            value={value}
            onChange={(event) => update(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="field-input font-mono text-sm"
          />
          {error ? (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <section aria-label={`${label} preview`} className="min-w-0">
          <p className="field-label">Preview</p>
          <div
            className="prose-frontier max-h-[32rem] overflow-y-auto rounded-lg border border-white/10 bg-ink-900/60 p-4"
            data-testid={`${name}-preview`}
            // The server rendered and sanitised this HTML.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by server/content/markdown.ts
            dangerouslySetInnerHTML={{ __html: preview?.html ?? "" }}
          />
        </section>
      </div>
      {hasImages ? (
        <ImageUploader
          label="Insert an image into the text"
          name={`${name}-image`}
          isKeepingValue={false}
          onUploaded={(media) => insertImage(media.url, media.alt)}
        />
      ) : null}
    </div>
  );
}
