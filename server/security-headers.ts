import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import type { Env } from "./env";

/**
 * Security headers for every response. Scripts run only with the per-request
 * nonce (set by the app on res.locals.nonce); nothing may frame the site.
 * Public pages the page cache keeps name their inline scripts by hash instead
 * (`publicPageHeaderList`), so one header block fits every visitor.
 */
export function securityHeaders(env: Env, { dev }: { dev: boolean }): RequestHandler {
  const headersFor = securityHeaderList(env, { dev });
  return (_request, response, next) => {
    for (const [name, value] of headersFor(response.locals.nonce as string))
      response.setHeader(name, value);
    next();
  };
}

/** The security headers as name/value pairs, for a response's nonce. */
export function securityHeaderList(env: Env, { dev }: { dev: boolean }) {
  const headersWith = headerListWith(env, { dev });
  return (nonce: string) => headersWith([`'nonce-${nonce}'`]);
}

/**
 * The security headers of a page rendered without a nonce, for the hashes of its
 * inline scripts (`inlineScriptHashes`): with 'strict-dynamic', those scripts and what
 * they load run, and nothing else (an injected inline script has no matching hash).
 *
 * These are the page cache's pages: the same bytes for every anonymous visitor, with no
 * session behind them. They go without Cross-Origin-Opener-Policy (decision 811): a
 * browser opens a page with that header in a new browsing context group, which on a phone
 * means a renderer process of its own, started cold for the page's whole first load, while
 * what the header guards (a cross-origin window learning about the visitor's state here)
 * has nothing to find on a page that is the same for everyone. Every other response,
 * the signed-in ones among them, keeps `same-origin`.
 */
export function publicPageHeaderList(env: Env, { dev }: { dev: boolean }) {
  const headersWith = headerListWith(env, { dev, isolateOpeners: false });
  return (hashes: readonly string[]) => headersWith(hashes.map((hash) => `'${hash}'`));
}

function headerListWith(
  env: Env,
  { dev, isolateOpeners = true }: { dev: boolean; isolateOpeners?: boolean },
) {
  const fixed: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ...(isolateOpeners ? [["Cross-Origin-Opener-Policy", "same-origin"] as [string, string]] : []),
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ];
  if (env.PUBLIC_URL.startsWith("https://"))
    fixed.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return (scriptSources: readonly string[]): Array<[string, string]> => {
    if (dev) return fixed;
    return [
      [
        "Content-Security-Policy",
        [
          "default-src 'self'",
          ["script-src 'self'", ...scriptSources, "'strict-dynamic'"].join(" "),
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob: https:",
          "media-src 'self' blob: https:",
          "font-src 'self' data:",
          "connect-src 'self' ws: wss:",
          "frame-src 'self' https://www.youtube-nocookie.com",
          "frame-ancestors 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "object-src 'none'",
        ].join("; "),
      ],
      ...fixed,
    ];
  };
}

/** Script types a browser runs; any other type (application/ld+json) is data, not code. */
const executableType = /^\s*(|module|(text|application)\/(java|ecma)script)\s*$/i;
const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * CSP hashes (`sha256-…`) of every inline script a page runs: React Router's context,
 * manifest, loader data and scroll restoration scripts, whatever the page holds.
 */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(inlineScript)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(` ${attributes}`);
    if (type && !executableType.test(type[1] ?? type[2] ?? type[3] ?? "")) continue;
    // The browser hashes the script as parsed: HTML parsing turns CR LF and lone CR into LF.
    const parsed = content.replace(/\r\n?/g, "\n");
    hashes.add(`sha256-${createHash("sha256").update(parsed, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
