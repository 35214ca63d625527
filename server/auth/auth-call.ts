/** The Set-Cookie headers of a Better Auth answer, to pass on to the browser. */
export function setCookiesOf(response: Response) {
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/**
 * Awaits a Better Auth endpoint called with `asResponse: true` (which answers its refusals
 * as responses too) and reads the answer: status, JSON body with Better Auth's error `code`,
 * and the cookies to pass on.
 */
export async function readAuthAnswer<Body = Record<string, unknown>>(answer: Promise<Response>) {
  const response = await answer;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as Body & { code?: string; message?: string };
  return { ok: response.ok, status: response.status, body, cookies: setCookiesOf(response) };
}

/** One cookie of the request, as sent (still encoded). */
export function requestCookie(request: Request, name: string) {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}
