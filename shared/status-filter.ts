/**
 * The ?status= of a list URL when it names one of the list's states; anything
 * else (missing, misspelt, hand-edited) lists every state.
 */
export function statusFilterFrom<Status extends string>(
  url: URL,
  statuses: readonly Status[],
): Status | undefined {
  const param = url.searchParams.get("status");
  return statuses.find((status) => status === param);
}
