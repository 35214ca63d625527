/**
 * After a refused or unsent submission nothing changed on the server, so the
 * page's data need not be reloaded (and with the network gone, could not be).
 */
export function keepDataAfterFailure({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}) {
  if (
    actionResult &&
    typeof actionResult === "object" &&
    (actionResult as { ok?: unknown }).ok === false
  )
    return false;
  return defaultShouldRevalidate;
}
