import type { RequestHandler } from "express";
import type { Env } from "./env";

/**
 * Security headers for every response. Scripts run only with the per-request
 * nonce (set by the app on res.locals.nonce); nothing may frame the site.
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
  const fixed: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ];
  if (env.PUBLIC_URL.startsWith("https://"))
    fixed.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return (nonce: string): Array<[string, string]> => {
    if (dev) return fixed;
    return [
      [
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
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
