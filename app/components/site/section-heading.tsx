/** Eyebrow, heading and optional lead paragraph that open a page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = "left",
}: {
  /** Id of the heading, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  align?: "left" | "center";
}) {
  const isCentered = align === "center";
  return (
    <div className={`mb-12 max-w-3xl ${isCentered ? "mx-auto text-center" : ""}`}>
      {eyebrow ? <p className="eyebrow mb-3">{eyebrow}</p> : null}
      <h2 id={id} className="heading-lg">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-mist-300">{lead}</p> : null}
    </div>
  );
}
