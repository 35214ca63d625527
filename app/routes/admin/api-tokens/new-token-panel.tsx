import { useEffect, useRef, useState } from "react";

/** The new token, once: copy it now, it is never shown again. */
export function NewTokenPanel({
  created,
  apiBase,
}: {
  created: { name: string; token: string; scopes: string[] };
  apiBase: string;
}) {
  const [isCopied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <section
      aria-labelledby="new-token-heading"
      className="card mb-8 border-frontier-orange/60 bg-frontier-orange/5"
    >
      <h2 id="new-token-heading" ref={heading} tabIndex={-1} className="heading-md">
        Copy the token “{created.name}” now
      </h2>
      <p className="mt-2 text-mist-300">
        This is the only time it is shown: we keep a fingerprint, not the token. If it is lost,
        revoke it and make another.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <label htmlFor="new-token" className="sr-only">
          The new token
        </label>
        <input
          id="new-token"
          readOnly
          value={created.token}
          onFocus={(event) => event.currentTarget.select()}
          className="field-input min-w-0 flex-1 font-mono text-sm"
        />
        <button type="button" className="btn-secondary px-5 py-2" onClick={copy}>
          {isCopied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="mt-4 text-sm text-mist-400">Try it:</p>
      <pre className="mt-1 overflow-x-auto rounded-lg bg-ink-800 p-3 text-xs text-mist-100">
        {`curl -H "Authorization: Bearer ${created.token}" ${apiBase}/insights`}
      </pre>
    </section>
  );
}
