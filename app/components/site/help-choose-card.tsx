import { InternalLink } from "./internal-link";

/** Fills the last slot of a service grid: for visitors who know the problem but not the service. */
export function HelpChooseCard({ to, label }: { to: string; label: string }) {
  return (
    <div className="flex h-full flex-col justify-center rounded-2xl border border-dashed border-white/15 p-6">
      <p className="heading-md">Not sure where you fit?</p>
      <p className="mt-3 leading-relaxed text-mist-300">
        Describe the problem instead of the solution. We will suggest the smallest team that can
        solve it.
      </p>
      <InternalLink to={to} className="mt-5 font-semibold text-frontier-orange hover:underline">
        {label}
      </InternalLink>
    </div>
  );
}
