import { onboardingSteps } from "#shared/business/onboarding-form.ts";

/** Where the client is among the steps, the review included. */
export function OnboardingProgress({ step }: { step: number }) {
  return (
    <ol className="mt-8 flex flex-wrap gap-2 text-xs" aria-label="Steps">
      {[...onboardingSteps.map((item) => item.title), "Review"].map((title, index) => (
        <li
          key={title}
          aria-current={index === step ? "step" : undefined}
          className={`rounded-full px-3 py-1 ${index === step ? "bg-frontier-orange text-ink-950" : index < step ? "bg-frontier-blue/20 text-blue-100" : "bg-white/5 text-mist-400"}`}
        >
          {index + 1}. {title}
        </li>
      ))}
    </ol>
  );
}
