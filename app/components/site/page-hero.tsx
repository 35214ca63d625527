/** The opening block of an inner page: eyebrow, the page's h1 and a lead paragraph. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: React.ReactNode;
}) {
  return (
    <header className="relative pt-16 pb-12 sm:pt-24 sm:pb-16">
      <GlowAccent />
      <p className="eyebrow mb-4">{eyebrow}</p>
      <h1 className="heading-xl max-w-4xl">{title}</h1>
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-mist-300 sm:text-xl">{lead}</p>
      {children}
    </header>
  );
}

/** A soft blurred gradient behind a hero; decorative only. */
export function GlowAccent() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -top-24 -left-24 -z-10 h-72 w-72 rounded-full bg-frontier-purple/20 blur-3xl sm:h-96 sm:w-96"
    />
  );
}
