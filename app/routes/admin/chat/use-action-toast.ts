import { useEffect } from "react";
import { useToast } from "#app/components/ui/toasts.tsx";
import type { ActionResult } from "./inbox-types";

export function useActionToast(data: ActionResult) {
  const { show } = useToast();
  useEffect(() => {
    if (!data) return;
    if (!data.ok) show({ message: data.error, type: "error" });
    else if (data.message) show({ message: data.message, type: "success" });
  }, [data, show]);
}
