import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** While a sync runs, the page follows its progress. */
export function useFollowRunningSync(isRunning: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [isRunning, revalidator]);
}
