import { useEffect } from "react";
import { useFetcher } from "react-router";

/**
 * Reading the thread on screen moves the client's read mark: a post after the page shows
 * the messages, so the nav's count (another loader) is reloaded with it.
 */
export function useMarkRead(unread: number, lastSeq: number) {
  const { submit } = useFetcher();
  useEffect(() => {
    if (unread > 0) void submit({ intent: "read", seq: String(lastSeq) }, { method: "post" });
  }, [unread, lastSeq, submit]);
}
