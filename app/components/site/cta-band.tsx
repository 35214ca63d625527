import { InternalLink } from "./internal-link";

/** A closing call to action: a headline, one sentence and the contact buttons. */
export function CtaBand({
  title = "Have something important to build?",
  body = "Tell us where you are and where you need to be. A senior engineer will reply within one working day with honest next steps, even if that means pointing you elsewhere.",
  primary = { to: "/contact", label: "Start a conversation" },
  secondary = { to: "/case-studies", label: "See our case studies" },
}: {
  title?: string;
  body?: string;
  primary?: { to: string; label: string };
  secondary?: { to: string; label: string } | null;
}) {
  return (
    <section
      aria-labelledby="cta-heading"
      className="relative my-24 overflow-hidden rounded-3xl border border-white/10 bg-ink-900 px-6 py-14 sm:px-12 sm:py-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-linear-to-br from-frontier-blue/25 via-frontier-purple/15 to-frontier-orange/20"
      />
      <div className="relative max-w-2xl">
        <h2 id="cta-heading" className="heading-lg">
          {title}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-mist-300">{body}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <InternalLink to={primary.to} className="btn-primary">
            {primary.label}
          </InternalLink>
          {secondary ? (
            <InternalLink to={secondary.to} className="btn-secondary">
              {secondary.label}
            </InternalLink>
          ) : null}
        </div>
      </div>
    </section>
  );
}
