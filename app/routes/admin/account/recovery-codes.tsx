import { useState } from "react";

/**
 * Recovery codes, shown once: the person copies or downloads them now; the server keeps
 * only an encrypted copy and never shows them again.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [isCopied, setCopied] = useState(false);
  const text = `Frontier recovery codes (each works once)\n\n${codes.join("\n")}\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="mt-4 rounded-xl border border-amber-300/40 bg-amber-300/5 p-4">
      <h3 className="font-semibold text-white">Your recovery codes</h3>
      <p className="mt-1 text-sm text-mist-300">
        Save them somewhere safe now: they are shown only this once. Each code signs you in once
        when you do not have your authenticator app.
      </p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-ink-900 px-2 py-1 text-white">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary py-1.5 text-sm"
          onClick={() =>
            navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {isCopied ? "Copied" : "Copy codes"}
        </button>
        <a
          className="btn-secondary py-1.5 text-sm"
          href={href}
          download="frontier-recovery-codes.txt"
        >
          Download codes
        </a>
      </div>
    </div>
  );
}
