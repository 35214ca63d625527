import { useFetcher } from "react-router";
import type { ActionResult } from "./inbox-types";
import { useActionToast } from "./use-action-toast";

export function ActionButton({
  conversationId,
  intent,
  children,
}: {
  conversationId: string;
  intent: string;
  children: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="conversationId" value={conversationId} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={fetcher.state !== "idle"}
        className="btn-secondary px-4 py-2 text-sm"
      >
        {children}
      </button>
    </fetcher.Form>
  );
}
