import { useEffect } from "react";
import { useToast } from "#app/components/ui/toasts.tsx";
import type { ActionResult } from "./action-result";

/** Shows the action's answer, and the channel removal's, as toasts. */
export function useSyncToasts(result: ActionResult, removed: ActionResult) {
  const { show } = useToast();
  useEffect(() => {
    if (!result) return;
    if (result.ok) show({ message: result.message, type: "success" });
    else if (!result.fieldErrors) show({ message: result.error, type: "error" });
  }, [result, show]);
  useEffect(() => {
    if (removed)
      show(removed.ok ? { message: removed.message } : { message: removed.error, type: "error" });
  }, [removed, show]);
}
