import { useRef, useState } from "react";

type AutosaveResult =
  | { ok: true; savedAt: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string[]> };

/**
 * Saves a step's answers when the client leaves a field. A plain request, not a
 * router submission: leaving a field by clicking "Save and continue" starts both
 * at once, and a router submission ending during that save's navigation would
 * cut the navigation short. Only the newest answer counts; each step starts blank.
 */
export function useStepAutosave(
  projectId: string,
  step: number,
  /** Where the answers go: the mailed form's link by default, the portal's own in the portal. */
  url = `/onboarding/${projectId}/autosave`,
) {
  const [state, setState] = useState<{ step: number; saving: boolean; result?: AutosaveResult }>({
    step,
    saving: false,
  });
  const latest = useRef(0);
  const lastSent = useRef("");
  const save = async (form: HTMLFormElement) => {
    const body = new FormData(form);
    body.set("step", String(step));
    // The same answers again (focus moving between unchanged fields) need no second request.
    const answers = new URLSearchParams(
      [...body].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    ).toString();
    if (answers === lastSent.current) return;
    lastSent.current = answers;
    const request = ++latest.current;
    setState({ step, saving: true });
    let result: AutosaveResult;
    try {
      const response = await fetch(url, { method: "POST", body });
      result = response.headers.get("Content-Type")?.includes("application/json")
        ? ((await response.json()) as AutosaveResult)
        : { ok: false, error: "Your answers could not be saved. Use Save and continue." };
    } catch {
      result = {
        ok: false,
        error: "The connection is down. Your answers are still here; save once it is back.",
      };
    }
    // Only a refusal of these very answers makes sending them again pointless.
    if (!result.ok && !result.fieldErrors) lastSent.current = "";
    if (request === latest.current) setState({ step, saving: false, result });
  };
  const current = state.step === step ? state : { saving: false, result: undefined };
  return { saving: current.saving, result: current.result, save };
}
