/**
 * Whether an error means the database cannot be reached right now (stopped,
 * restarting, connection lost), or cannot write because its disk is full, rather
 * than a fault in the query: both pass once someone acts, so they are a 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (
        ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH"].includes(
          code,
        )
      )
        return true;
      // PostgreSQL: 08xxx connection exceptions, 57P01-57P03 shutdown / cannot connect now,
      // 53100 disk full (the embedded database's files on a full disk too).
      if (code.startsWith("08") || ["57P01", "57P02", "57P03", "53100", "53300"].includes(code))
        return true;
    }
    if (
      typeof message === "string" &&
      /Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is told to wait while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
