import { useEffect, useState } from "react";

export const BACK_TO_TOP_THRESHOLD_PX = 300;

export function BackToTop() {
  const [isVisible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  if (!isVisible) return null;
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() =>
        // The one scroll that glides (the page's own scrolls are instant, decision 742),
        // unless the visitor asks for less motion.
        window.scrollTo({
          top: 0,
          behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches
            ? "instant"
            : "smooth",
        })
      }
      className="fixed right-4 bottom-24 z-30 rounded-full border border-white/15 bg-ink-800/90 p-3 text-white shadow-lg backdrop-blur transition hover:bg-ink-700"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 19V5M5 12l7-7 7 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
