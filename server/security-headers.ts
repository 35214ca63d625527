import type { RequestHandler } from "express";
import type { Env } from "./env";

/**
 * Security headers for every response. Scripts run only with the per-request
 * nonce (set by the app on res.locals.nonce); nothing may frame the site.
 */
export function securityHeaders(env: Env, { dev }: { dev: boolean }): RequestHandler {
  const isHttps = env.PUBLIC_URL.startsWith("https://");
  return (_request, response, next) => {
    const nonce = response.locals.nonce as string;
    if (!dev) {
      response.setHeader(
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
      );
    }
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (isHttps)
      response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
