import { MIN_FILL_MS } from "#server/antispam/antispam.ts";

/**
 * Fresh form tokens from a running server, as a public form fetches one when a
 * visitor starts filling it; with `isAged`, after waiting until they may be sent.
 */
export async function fetchFormTokens(
  baseUrl: string,
  { count = 1, isAged = true }: { count?: number; isAged?: boolean } = {},
) {
  const tokens: string[] = [];
  while (tokens.length < count) {
    const batch = Math.min(50, count - tokens.length);
    const fetched = await Promise.all(
      Array.from({ length: batch }, async () => {
        const response = await fetch(`${baseUrl}/resources/form-token`);
        if (!response.ok) throw new Error(`form token: ${response.status}`);
        return response.text();
      }),
    );
    tokens.push(...fetched);
  }
  if (isAged) await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 200));
  return tokens;
}
