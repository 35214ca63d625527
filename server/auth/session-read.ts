/**
 * Whether an error is Better Auth's "Failed to get session": what it throws (a 500) for any
 * failure of its own session query, a database connection cut mid-query included.
 */
export function isSessionReadFailure(error: unknown) {
  return (
    (error as { body?: { code?: unknown } } | undefined)?.body?.code === "FAILED_TO_GET_SESSION"
  );
}

/**
 * Reads the session, once more when Better Auth could not (a cut connection: by then the pool
 * has a fresh one). When the second read fails too, `probe` asks the database itself: away,
 * its own error is thrown (answered 503, `db/availability.ts`); reachable, the failure stands.
 */
export async function readSessionTwice<T>(
  read: () => Promise<T>,
  probe: () => Promise<unknown>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isSessionReadFailure(error)) throw error;
  }
  try {
    return await read();
  } catch (error) {
    if (!isSessionReadFailure(error)) throw error;
    await probe();
    throw error;
  }
}
