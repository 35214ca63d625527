import type { FaqItem } from "#shared/content/faq.ts";

/**
 * Questions as native disclosure widgets: keyboard and screen-reader support
 * come from the browser, and the answers are in the HTML before any script runs.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-ink-900/70">
      {items.map((item) => (
        <details key={item.id} id={item.id} className="group scroll-mt-28">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-5 text-left sm:gap-6 sm:px-6 marker:hidden [&::-webkit-details-marker]:hidden">
            <h2 className="font-display text-base font-semibold text-white sm:text-lg">
              {item.question}
            </h2>
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-white/15 text-frontier-orange transition group-open:rotate-45"
            >
              <svg
                viewBox="0 0 24 24"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M12 5v14M5 12h14" strokeLinecap="round" />
              </svg>
            </span>
          </summary>
          <div className="px-5 pb-6 sm:px-6">
            <p className="max-w-3xl leading-relaxed text-mist-300">{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
