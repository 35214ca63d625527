import { numberFormat } from "#shared/intl.ts";

type Figures = { views: number; visitors: number; leads: number; label: string };

/** An insight's, case study's or episode's own figures, shown in its editor. */
export function ContentFigures({
  figures,
  locale = "en-US",
}: {
  figures: Figures;
  locale?: string;
}) {
  const count = (value: number) => numberFormat(locale).format(value);
  const items = [
    { name: "views", label: `${figures.label}, last 30 days`, value: figures.views },
    { name: "visitors", label: "Visitors, last 30 days", value: figures.visitors },
    { name: "leads", label: "Leads that had seen it", value: figures.leads },
  ];
  return (
    <section aria-label="Analytics" className="mb-6 grid gap-3 sm:grid-cols-3" data-content-figures>
      {items.map((item) => (
        <div key={item.name} className="card flex flex-col gap-0.5 py-4">
          <span className="text-xs text-mist-400">{item.label}</span>
          <span className="font-display text-xl font-bold text-white" data-figure={item.name}>
            {count(item.value)}
          </span>
        </div>
      ))}
    </section>
  );
}
