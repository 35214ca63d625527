import type { ReactNode } from "react";
import { ContactForm } from "#app/components/site/contact-form.tsx";
import { CaseStudyCard, InsightCard } from "#app/components/site/content-cards.tsx";
import { ContentIcon } from "#app/components/site/content-icon.tsx";
import { CtaBand } from "#app/components/site/cta-band.tsx";
import { FaqAccordion } from "#app/components/site/faq-accordion.tsx";
import { HelpChooseCard } from "#app/components/site/help-choose-card.tsx";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { NewsletterForm } from "#app/components/site/newsletter-form.tsx";
import { GlowAccent } from "#app/components/site/page-hero.tsx";
import { SectionHeading } from "#app/components/site/section-heading.tsx";
import { ServiceCard } from "#app/components/site/service-card.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { TestimonialsSection } from "#app/components/site/testimonials.tsx";
import { findServiceById, servicePath, services } from "#shared/content/services.ts";
import { renditionsOf } from "#shared/images.ts";
import { blockTypes } from "#shared/pages/block-types.ts";
import type { BlockOf, Cta, PageBlock } from "#shared/pages/blocks.ts";
import type { PageBlockData } from "#shared/pages/view.ts";

/**
 * A public page from its blocks (server/pages, decision 531): what the site, the editor's
 * preview and a landing page all render. Runs of blocks that answer nobody are static parts
 * (decision 737), rendered once per page version and never hydrated; the contact form and
 * the newsletter sign-up render and hydrate as React's.
 */
export function PageBlocks({
  blocks,
  data,
  partKey,
  keep,
}: {
  blocks: PageBlock[];
  data: PageBlockData[];
  /** Names the page's parts ("page:/faq"); with `keep`, they are kept as static parts. */
  partKey: string;
  /** The loader's remembered view: static parts are kept for this object. Left out: rendered as usual (the preview). */
  keep?: object;
}) {
  const groups: Array<{ start: number; blocks: PageBlock[]; isInteractive: boolean }> = [];
  blocks.forEach((block, index) => {
    const isInteractive = Boolean(blockTypes[block.type].interactive);
    const last = groups.at(-1);
    if (last && !last.isInteractive && !isInteractive) last.blocks.push(block);
    else groups.push({ start: index, blocks: [block], isInteractive });
  });
  return groups.map((group) => {
    const rendered = group.blocks.map((block, offset) => {
      const index = group.start + offset;
      return <Block key={index} block={block} data={data[index] ?? {}} index={index} />;
    });
    if (group.isInteractive || !keep) return rendered;
    return (
      <StaticPart key={group.start} data={keep} partKey={`${partKey}:${group.start}`}>
        {rendered}
      </StaticPart>
    );
  });
}

function Block({ block, data, index }: { block: PageBlock; data: PageBlockData; index: number }) {
  const id = `block-${index}`;
  switch (block.type) {
    case "hero":
      return block.variant === "home" ? (
        <HomeHero block={block} />
      ) : (
        <PageHeroBlock block={block} />
      );
    case "richText":
      return <RichText block={block} html={data.html ?? ""} id={id} />;
    case "featureGrid":
      return <FeatureGrid block={block} id={id} />;
    case "processSteps":
      return <ProcessSteps block={block} id={id} />;
    case "sections":
      return <Sections block={block} html={data.sectionsHtml ?? []} />;
    case "figures":
      return <Figures block={block} id={id} />;
    case "faqList":
      return <FaqList block={block} id={id} />;
    case "pricingTiers":
      return <PricingTiers block={block} id={id} />;
    case "testimonials":
      return (
        <TestimonialsSection
          testimonials={data.testimonials ?? []}
          title={block.heading || "What our clients say"}
        />
      );
    case "contentList":
      return <ContentList block={block} data={data} id={id} />;
    case "logoStrip":
      return <LogoStrip block={block} id={id} />;
    case "imageText":
      return <ImageText block={block} html={data.html ?? ""} id={id} />;
    case "ctaBand":
      return <CtaBlock block={block} id={id} />;
    case "contactForm":
      return (
        <FormSection block={block} id={id}>
          <ContactForm action="/contact" />
        </FormSection>
      );
    case "newsletter":
      return (
        <FormSection block={block} id={id}>
          <div className="card max-w-xl">
            <NewsletterForm />
          </div>
        </FormSection>
      );
    case "personas":
      return <Personas block={block} id={id} />;
  }
}

/** A link of a block: a site path in the app, an outside address as a plain link. */
function BlockLink({
  cta,
  className,
  children,
}: {
  cta: Cta;
  className: string;
  children?: ReactNode;
}) {
  if (cta.href.startsWith("/"))
    return (
      <InternalLink to={cta.href} className={className}>
        {children ?? cta.label}
      </InternalLink>
    );
  return (
    <a href={cta.href} className={className} rel="noopener">
      {children ?? cta.label}
    </a>
  );
}

/** The eyebrow, heading and lead a block opens with, when it has a heading. */
type SectionOptions = { spacing?: "roomy" | "compact" | "joined" };

/** A section's padding: its own (roomy), a smaller one, or none above (joined to the block before). */
function pad(block: SectionOptions, roomy: string) {
  if (block.spacing === "compact") return "py-12 sm:py-16";
  if (block.spacing === "joined") return "pb-8";
  return roomy;
}

function Heading({
  block,
  id,
}: {
  block: { eyebrow?: string; heading?: string; lead?: string; isHeadingHidden?: boolean };
  id: string;
}) {
  if (!block.heading) return null;
  if (block.isHeadingHidden)
    return (
      <h2 id={`${id}-heading`} className="sr-only">
        {block.heading}
      </h2>
    );
  return (
    <SectionHeading
      id={`${id}-heading`}
      eyebrow={block.eyebrow || undefined}
      title={block.heading}
      lead={block.lead || undefined}
    />
  );
}

const labelledBy = (block: { heading?: string }, id: string) =>
  block.heading ? { "aria-labelledby": `${id}-heading` } : {};

function HomeHero({ block }: { block: BlockOf<"hero"> }) {
  const highlight = block.highlight && block.title.endsWith(block.highlight) ? block.highlight : "";
  const before = highlight ? block.title.slice(0, -highlight.length).trimEnd() : block.title;
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative grid items-center gap-12 pt-16 pb-12 sm:pt-24 sm:pb-20 lg:grid-cols-[1.5fr_1fr] lg:pt-28 lg:pb-28"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -left-40 -z-10 h-96 w-96 rounded-full bg-frontier-blue/20 blur-3xl"
      />
      <div>
        {block.eyebrow ? <p className="eyebrow mb-5">{block.eyebrow}</p> : null}
        <h1 id="hero-heading" className="heading-xl sm:text-6xl">
          {before}
          {highlight ? (
            <>
              {" "}
              <br className="hidden sm:inline" />
              <span className="inline-block bg-linear-to-r pb-2 from-frontier-blue via-frontier-purple to-frontier-orange bg-clip-text text-transparent">
                {highlight}
              </span>
            </>
          ) : null}
        </h1>
        {block.lead ? (
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-mist-300 sm:text-xl">
            {block.lead}
          </p>
        ) : null}
        <HeroCtas ctas={block.ctas} withArrow />
        {block.points.length ? (
          <ul className="mt-12 grid max-w-xl grid-cols-1 gap-3 text-sm text-mist-300 sm:grid-cols-3">
            {block.points.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <ContentIcon name="check" className="h-4 w-4 shrink-0 text-frontier-orange" />
                {point}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <HorizonArt />
    </section>
  );
}

function HeroCtas({ ctas, withArrow = false }: { ctas: Cta[]; withArrow?: boolean }) {
  if (!ctas.length) return null;
  return (
    <div className="mt-10 flex flex-wrap gap-3">
      {ctas.map((cta, index) => (
        <BlockLink
          key={cta.href + cta.label}
          cta={cta}
          className={index === 0 ? "btn-primary" : "btn-secondary"}
        >
          {cta.label}
          {index === 0 && withArrow ? <ContentIcon name="arrow" className="h-4 w-4" /> : null}
        </BlockLink>
      ))}
    </div>
  );
}

function PageHeroBlock({ block }: { block: BlockOf<"hero"> }) {
  const isGuide = block.variant === "guide";
  return (
    <header
      className={`relative ${isGuide ? "pt-10 pb-12 sm:pt-14 sm:pb-16" : "pt-16 pb-12 sm:pt-24 sm:pb-16"}`}
    >
      <GlowAccent />
      {block.icon ? (
        <span className="mb-6 inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-linear-to-br from-frontier-blue/30 to-frontier-purple/30 text-white">
          <ContentIcon name={block.icon} className="h-7 w-7" />
        </span>
      ) : null}
      {block.eyebrow ? <p className="eyebrow mb-4">{block.eyebrow}</p> : null}
      <h1 className="heading-xl max-w-4xl">{block.title}</h1>
      {block.lead ? (
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-mist-300 sm:text-xl">
          {block.lead}
        </p>
      ) : null}
      <HeroCtas ctas={block.ctas} />
    </header>
  );
}

const richTextClass =
  "space-y-5 text-lg leading-relaxed text-mist-300 [&_a]:text-frontier-orange [&_a]:underline [&_h2]:heading-md [&_h3]:heading-md [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc [&_strong]:text-mist-100";

function RichText({ block, html, id }: { block: BlockOf<"richText">; html: string; id: string }) {
  if (block.heading && !block.lead)
    return (
      <section
        aria-labelledby={`${id}-heading`}
        className="grid gap-6 py-12 sm:py-16 lg:grid-cols-2 lg:gap-10"
      >
        <div>
          {block.eyebrow ? <p className="eyebrow mb-3">{block.eyebrow}</p> : null}
          <h2 id={`${id}-heading`} className="heading-lg">
            {block.heading}
          </h2>
        </div>
        <SanitisedHtml className={richTextClass} html={html} />
      </section>
    );
  return (
    <section {...labelledBy(block, id)} className={pad(block, "py-12 sm:py-16")}>
      <Heading block={block} id={id} />
      <SanitisedHtml className={`max-w-3xl ${richTextClass}`} html={html} />
    </section>
  );
}

/** Markdown a block holds, rendered and sanitised on the server (server/content/markdown.ts). */
function SanitisedHtml({ className, html }: { className: string; html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by server/content/markdown.ts
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

const accents = ["text-frontier-blue", "text-frontier-orange", "text-frontier-purple"];
const columnClasses = {
  2: "md:grid-cols-2",
  3: "md:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
} as const;

function FeatureGrid({ block, id }: { block: BlockOf<"featureGrid">; id: string }) {
  const columns = columnClasses[block.columns];
  let list: ReactNode;
  if (block.source === "services")
    list = (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service, index) => (
          <li key={service.id}>
            <ServiceCard service={service} index={index} />
          </li>
        ))}
        {block.more ? (
          <li>
            <HelpChooseCard to={block.more.href} label={block.more.label} />
          </li>
        ) : null}
      </ul>
    );
  else if (block.style === "numbered")
    list = (
      <ul className={`grid gap-x-10 gap-y-8 ${columns}`}>
        {block.items.map((item, index) => (
          <li key={`${index}-${item.title}`} className="flex gap-5">
            <span aria-hidden="true" className="font-display text-3xl font-bold text-frontier-blue">
              {String(index + 1).padStart(2, "0")}
            </span>
            <div>
              <h3 className="heading-md">{item.title}</h3>
              {item.body ? <p className="mt-2 leading-relaxed text-mist-300">{item.body}</p> : null}
              <ItemLink href={item.href} title={item.title} label={item.linkLabel} />
            </div>
          </li>
        ))}
      </ul>
    );
  else if (block.style === "list")
    list = (
      <ul className={`grid gap-6 ${columns}`}>
        {block.items.map((item, index) =>
          item.icon ? (
            <li key={`${index}-${item.title}`} className="flex gap-4 border-t border-white/10 pt-6">
              <ContentIcon
                name={item.icon}
                className="mt-1 h-6 w-6 shrink-0 text-frontier-orange"
              />
              <div>
                <h3 className="heading-md">{item.title}</h3>
                {item.body ? <p className="mt-2 text-mist-300">{item.body}</p> : null}
                <ItemLink href={item.href} title={item.title} label={item.linkLabel} />
              </div>
            </li>
          ) : (
            <li key={`${index}-${item.title}`} className="border-t border-white/10 pt-6">
              <h3 className="heading-md">{item.title}</h3>
              {item.body ? <p className="mt-3 leading-relaxed text-mist-300">{item.body}</p> : null}
              <ItemLink href={item.href} title={item.title} label={item.linkLabel} />
            </li>
          ),
        )}
      </ul>
    );
  else if (block.style === "links")
    return (
      <section {...labelledBy(block, id)} className="pt-12">
        {block.heading ? (
          <h2 id={`${id}-heading`} className="heading-md mb-6">
            {block.heading}
          </h2>
        ) : null}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {block.items.map((item, index) => (
            <li key={`${index}-${item.title}`}>
              <BlockLink
                cta={{ href: item.href ?? "/", label: item.title }}
                className="group flex h-full items-center gap-3 rounded-xl border border-white/10 bg-ink-900/70 px-4 py-4 font-semibold text-white transition hover:border-white/30"
              >
                {item.icon ? (
                  <ContentIcon name={item.icon} className="h-6 w-6 shrink-0 text-frontier-blue" />
                ) : null}
                <span className="flex-1">{item.title}</span>
                <ContentIcon
                  name="arrow"
                  className="h-4 w-4 shrink-0 text-frontier-orange transition group-hover:translate-x-1"
                />
              </BlockLink>
            </li>
          ))}
        </ul>
      </section>
    );
  else
    list = (
      <ul className={`grid gap-6 ${columns}`}>
        {block.items.map((item, index) => (
          <li key={`${index}-${item.title}`} className="card">
            {item.icon ? (
              <ContentIcon
                name={item.icon}
                className={`h-9 w-9 ${accents[index % accents.length]}`}
              />
            ) : null}
            <h3 className={`heading-md ${item.icon ? "mt-5" : ""}`}>{item.title}</h3>
            {item.body ? <p className="mt-3 leading-relaxed text-mist-300">{item.body}</p> : null}
            <ItemLink href={item.href} title={item.title} label={item.linkLabel} />
          </li>
        ))}
        {block.more ? (
          <li>
            <HelpChooseCard to={block.more.href} label={block.more.label} />
          </li>
        ) : null}
      </ul>
    );
  return (
    <section {...labelledBy(block, id)} className={pad(block, "py-14 sm:py-20")}>
      <Heading block={block} id={id} />
      {list}
    </section>
  );
}

function ItemLink({ href, title, label }: { href?: string; title: string; label?: string }) {
  if (!href) return null;
  return (
    <BlockLink
      cta={{ href, label: label || title }}
      className="mt-3 inline-block text-sm font-semibold text-frontier-orange hover:underline"
    >
      {label || (
        <>
          Read more<span className="sr-only"> about {title}</span>
        </>
      )}
    </BlockLink>
  );
}

function ProcessSteps({ block, id }: { block: BlockOf<"processSteps">; id: string }) {
  return (
    <section {...labelledBy(block, id)} className={pad(block, "py-14 sm:py-20")}>
      <Heading block={block} id={id} />
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {block.steps.map((step, index) => (
          <li key={`${index}-${step.title}`} className="card relative overflow-hidden">
            <span
              aria-hidden="true"
              className="absolute top-0 left-0 h-1 w-full bg-linear-to-r from-frontier-blue via-frontier-purple to-frontier-orange"
            />
            <p className="font-display text-sm font-semibold text-frontier-orange">
              <span className="sr-only">Step </span>
              {String(index + 1).padStart(2, "0")}
            </p>
            <h3 className="heading-md mt-2">{step.title}</h3>
            <p className="mt-3 leading-relaxed text-mist-300">{step.description}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A guide's numbered sections, a table of contents beside them on wide screens. */
function Sections({ block, html }: { block: BlockOf<"sections">; html: string[] }) {
  const items = block.items.map((item) => ({ ...item, id: item.id || anchorOf(item.heading) }));
  return (
    <div className="grid gap-12 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="On this page" className="hidden lg:block">
        <ul className="sticky top-28 space-y-2 border-l border-white/10 text-sm">
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                className="-ml-px block border-l border-transparent py-1 pl-4 text-mist-300 hover:border-frontier-orange hover:text-white"
              >
                {item.heading}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="max-w-3xl">
        {items.map((item, index) => (
          <section
            key={item.id}
            id={item.id}
            aria-labelledby={`${item.id}-heading`}
            className="scroll-mt-28 border-t border-white/10 py-10 first:border-t-0 first:pt-0"
          >
            <p
              className="font-display text-sm font-semibold text-frontier-orange"
              aria-hidden="true"
            >
              {String(index + 1).padStart(2, "0")}
            </p>
            <h2 id={`${item.id}-heading`} className="heading-lg mt-2">
              {item.heading}
            </h2>
            {html[index] ? (
              <SanitisedHtml className={`mt-6 ${richTextClass}`} html={html[index]} />
            ) : null}
            {item.points.length ? (
              <ul className="mt-6 grid gap-3 sm:grid-cols-2">
                {item.points.map((point) => (
                  <li key={point} className="card flex items-start gap-3 p-4">
                    <ContentIcon
                      name="check"
                      className="mt-0.5 h-5 w-5 shrink-0 text-frontier-orange"
                    />
                    <span className="text-mist-100">{point}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}

function Figures({ block, id }: { block: BlockOf<"figures">; id: string }) {
  return (
    <section {...labelledBy(block, id)} className={pad(block, "py-14 sm:py-20")}>
      <Heading block={block} id={id} />
      <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
        {block.items.map((item, index) => (
          <div key={`${index}-${item.label}`} className="card flex flex-col-reverse gap-2">
            <dt className="text-mist-300">{item.label}</dt>
            <dd className="font-display text-4xl font-bold text-white">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** An anchor for a question without one: its words, as /faq#how-do-you-price. */
const anchorOf = (question: string) =>
  question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

function FaqList({ block, id }: { block: BlockOf<"faqList">; id: string }) {
  const items = block.items.map((item) => ({ ...item, id: item.id || anchorOf(item.question) }));
  return (
    <section
      {...(block.heading ? labelledBy(block, id) : { "aria-label": "Questions and answers" })}
      className="max-w-4xl"
    >
      <Heading block={block} id={id} />
      <FaqAccordion items={items} />
    </section>
  );
}

const tierAccents = [
  "from-frontier-blue to-frontier-purple",
  "from-frontier-purple to-frontier-orange",
  "from-frontier-orange to-frontier-blue",
];

function PricingTiers({ block, id }: { block: BlockOf<"pricingTiers">; id: string }) {
  return (
    <section {...(block.heading ? labelledBy(block, id) : { "aria-label": "Engagement models" })}>
      <Heading block={block} id={id} />
      <ul className="grid gap-6 lg:grid-cols-3">
        {block.tiers.map((tier, index) => (
          <li
            key={`${index}-${tier.name}`}
            id={anchorOf(tier.name)}
            className="card relative flex flex-col overflow-hidden p-8"
          >
            <span
              aria-hidden="true"
              className={`absolute top-0 left-0 h-1 w-full bg-linear-to-r ${tierAccents[index % tierAccents.length]}`}
            />
            <h2 className="font-display text-2xl font-bold text-white">{tier.name}</h2>
            {tier.tagline ? (
              <p className="mt-1 text-sm font-medium text-frontier-orange">{tier.tagline}</p>
            ) : null}
            {tier.price ? (
              <p className="mt-4 font-display text-3xl font-bold text-white">{tier.price}</p>
            ) : null}
            {tier.summary ? (
              <p className="mt-4 leading-relaxed text-mist-300">{tier.summary}</p>
            ) : null}
            <TierList title="Best suited to" items={tier.suits} accent="text-frontier-orange" />
            {tier.billing ? (
              <>
                <h3 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">
                  How billing works
                </h3>
                <p className="mt-3 leading-relaxed text-mist-300">{tier.billing}</p>
              </>
            ) : null}
            <TierList
              title="Always included"
              items={tier.includes}
              accent="text-frontier-blue"
              grow
            />
            {tier.cta ? <BlockLink cta={tier.cta} className="btn-primary mt-6 self-start" /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TierList({
  title,
  items,
  accent,
  grow = false,
}: {
  title: string;
  items: string[];
  accent: string;
  grow?: boolean;
}) {
  if (!items.length) return null;
  return (
    <>
      <h3 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">{title}</h3>
      <ul className={`mt-3 space-y-2 ${grow ? "mb-2 flex-1" : ""}`}>
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-mist-300">
            <ContentIcon name="check" className={`mt-1 h-4 w-4 shrink-0 ${accent}`} />
            {item}
          </li>
        ))}
      </ul>
    </>
  );
}

function ContentList({
  block,
  data,
  id,
}: {
  block: BlockOf<"contentList">;
  data: PageBlockData;
  id: string;
}) {
  const heading = block.heading ? 3 : 2;
  return (
    <section {...labelledBy(block, id)} className={pad(block, "py-14 sm:py-20")}>
      <Heading block={block} id={id} />
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {block.kind === "case-studies"
          ? (data.caseStudies ?? []).map((study) => (
              <li key={study.id}>
                <CaseStudyCard study={study} headingLevel={heading} />
              </li>
            ))
          : (data.insights ?? []).map((insight) => (
              <li key={insight.id}>
                <InsightCard insight={insight} headingLevel={heading} />
              </li>
            ))}
      </ul>
    </section>
  );
}

function LogoStrip({ block, id }: { block: BlockOf<"logoStrip">; id: string }) {
  return (
    <section {...labelledBy(block, id)} className={pad(block, "py-14 sm:py-20")}>
      <Heading block={block} id={id} />
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {block.items.map((item, index) => {
          const inner = (
            <>
              {item.image ? (
                <img
                  src={renditionsOf(item.image)?.smallest ?? item.image}
                  alt=""
                  width={24}
                  height={24}
                  loading="lazy"
                  decoding="async"
                  className="h-6 w-6 shrink-0 object-contain"
                />
              ) : item.icon ? (
                <ContentIcon
                  name={item.icon}
                  className={`h-6 w-6 shrink-0 ${accents[index % accents.length]}`}
                />
              ) : null}
              <span className="min-w-0 text-sm font-medium break-words text-mist-100">
                {item.name}
              </span>
            </>
          );
          return (
            <li
              key={`${index}-${item.name}`}
              className="flex items-center gap-2.5 rounded-xl border border-white/10 bg-ink-900/70 px-3 py-4 sm:gap-3 sm:px-4"
            >
              {item.href ? (
                <BlockLink
                  cta={{ href: item.href, label: item.name }}
                  className="flex items-center gap-2.5 sm:gap-3"
                >
                  {inner}
                </BlockLink>
              ) : (
                inner
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ImageText({ block, html, id }: { block: BlockOf<"imageText">; html: string; id: string }) {
  const renditions = renditionsOf(block.image);
  const image = (
    <img
      src={block.image}
      srcSet={renditions?.webp}
      sizes="(min-width: 64rem) 32rem, 100vw"
      alt={block.alt ?? ""}
      loading="lazy"
      decoding="async"
      className="w-full rounded-2xl border border-white/10 object-cover"
    />
  );
  return (
    <section
      {...labelledBy(block, id)}
      className="grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-2"
    >
      {block.imageSide === "left" ? image : null}
      <div>
        <Heading block={block} id={id} />
        <SanitisedHtml className={richTextClass} html={html} />
        {block.cta ? <BlockLink cta={block.cta} className="btn-primary mt-8 inline-flex" /> : null}
      </div>
      {block.imageSide === "right" ? image : null}
    </section>
  );
}

function CtaBlock({ block, id }: { block: BlockOf<"ctaBand">; id: string }) {
  if (block.variant === "card")
    return (
      <section
        aria-labelledby={`${id}-heading`}
        className="card mt-8 flex flex-col items-start gap-6 p-8 md:flex-row md:items-center md:justify-between"
      >
        <div className="max-w-2xl">
          <h2 id={`${id}-heading`} className="heading-md">
            {block.title}
          </h2>
          {block.body ? <p className="mt-2 leading-relaxed text-mist-300">{block.body}</p> : null}
        </div>
        {block.primary ? (
          <BlockLink cta={block.primary} className="btn-secondary shrink-0" />
        ) : null}
      </section>
    );
  const toLink = (cta: Cta) => ({ to: cta.href, label: cta.label });
  return (
    <CtaBand
      title={block.title}
      body={block.body ?? ""}
      primary={block.primary ? toLink(block.primary) : undefined}
      secondary={block.secondary ? toLink(block.secondary) : null}
    />
  );
}

function FormSection({
  block,
  id,
  children,
}: {
  block: { eyebrow?: string; heading?: string; lead?: string } & SectionOptions;
  id: string;
  children: ReactNode;
}) {
  return (
    <section
      {...(block.heading ? labelledBy(block, id) : {})}
      className={pad(block, "py-12 sm:py-16")}
    >
      <Heading block={block} id={id} />
      {children}
    </section>
  );
}

const initialsColours = [
  "from-frontier-blue to-frontier-purple",
  "from-frontier-purple to-frontier-orange",
  "from-frontier-orange to-frontier-blue",
];

/** The people the agency serves: a row of links to each, then each one's card. */
function Personas({ block, id }: { block: BlockOf<"personas">; id: string }) {
  const anchorOfPersona = (persona: { id: string; name: string }) =>
    persona.id || anchorOf(persona.name);
  return (
    <section {...(block.heading ? labelledBy(block, id) : { "aria-label": "Personas" })}>
      <Heading block={block} id={id} />
      <nav aria-label="Personas on this page" className="-mt-4 mb-12">
        <ul className="flex flex-wrap gap-2">
          {block.items.map((persona) => (
            <li key={anchorOfPersona(persona)}>
              <a
                href={`#${anchorOfPersona(persona)}`}
                className="inline-block rounded-full border border-white/15 px-4 py-2 text-sm text-mist-300 hover:border-white/40 hover:text-white"
              >
                {persona.role}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-10">
        {block.items.map((persona, index) => {
          const anchor = anchorOfPersona(persona);
          return (
            <article
              key={anchor}
              id={anchor}
              aria-labelledby={`${anchor}-heading`}
              className="card scroll-mt-28 p-6 sm:p-10"
            >
              <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
                <span
                  aria-hidden="true"
                  className={`flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl bg-linear-to-br font-display text-2xl font-bold text-white ${initialsColours[index % initialsColours.length]}`}
                >
                  {persona.name.charAt(0)}
                </span>
                <div>
                  <h2 id={`${anchor}-heading`} className="heading-lg">
                    {persona.name}, {persona.role}
                  </h2>
                  {persona.organisation ? (
                    <p className="mt-1 text-mist-400">{persona.organisation}</p>
                  ) : null}
                </div>
              </div>
              {persona.quote ? (
                <blockquote className="mt-6 border-l-4 border-frontier-purple pl-4 text-lg text-mist-100 italic">
                  <p>“{persona.quote}”</p>
                </blockquote>
              ) : null}
              <div className="mt-8 grid gap-8 md:grid-cols-2">
                {persona.goals.length ? (
                  <div>
                    <h3 className="heading-md">Goals</h3>
                    <ul className="mt-3 space-y-2">
                      {persona.goals.map((goal) => (
                        <li key={goal} className="flex gap-2 text-mist-300">
                          <ContentIcon
                            name="check"
                            className="mt-1 h-4 w-4 shrink-0 text-frontier-blue"
                          />
                          {goal}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {persona.frustrations.length ? (
                  <div>
                    <h3 className="heading-md">Frustrations</h3>
                    <ul className="mt-3 space-y-2">
                      {persona.frustrations.map((frustration) => (
                        <li key={frustration} className="flex gap-2 text-mist-300">
                          <span aria-hidden="true" className="mt-0.5 text-frontier-orange">
                            –
                          </span>
                          {frustration}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
              {persona.stories.length ? (
                <>
                  <h3 className="heading-md mt-10">User stories</h3>
                  <ul className="mt-4 space-y-3">
                    {persona.stories.map((story) => (
                      <li
                        key={story}
                        className="rounded-xl border border-white/10 bg-ink-950/60 px-5 py-4 leading-relaxed text-mist-100"
                      >
                        {story}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <PersonaServices ids={persona.services} />
            </article>
          );
        })}
      </div>
    </section>
  );
}

function PersonaServices({ ids }: { ids: string[] }) {
  const linked = ids.flatMap((serviceId) => findServiceById(serviceId) ?? []);
  if (!linked.length) return null;
  return (
    <p className="mt-8 text-sm text-mist-400">
      <span className="font-semibold text-mist-300">Services that help: </span>
      {linked.map((service, index) => (
        <span key={service.id}>
          {index > 0 ? ", " : null}
          <InternalLink
            to={servicePath(service)}
            className="text-frontier-orange underline underline-offset-4 hover:text-orange-300"
          >
            {service.name}
          </InternalLink>
        </span>
      ))}
    </p>
  );
}

/** The home hero's illustration: a horizon grid under an orbiting sun. Decorative. */
function HorizonArt() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 400 360"
      className="mx-auto hidden w-full max-w-md lg:block"
    >
      <defs>
        <linearGradient id="hero-sun" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="0.55" stopColor="#a855f7" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
        <linearGradient id="hero-grid" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b82f6" stopOpacity="0.7" />
          <stop offset="1" stopColor="#3b82f6" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="150" r="78" fill="url(#hero-sun)" opacity="0.9" />
      <ellipse
        cx="200"
        cy="150"
        rx="150"
        ry="44"
        fill="none"
        stroke="#c3cbe6"
        strokeOpacity="0.35"
        transform="rotate(-14 200 150)"
      />
      <ellipse
        cx="200"
        cy="150"
        rx="118"
        ry="30"
        fill="none"
        stroke="#f97316"
        strokeOpacity="0.5"
        transform="rotate(18 200 150)"
      />
      <circle cx="338" cy="118" r="6" fill="#f97316" />
      <circle cx="96" cy="170" r="4" fill="#3b82f6" />
      <g stroke="url(#hero-grid)" strokeWidth="1.2">
        <path d="M0 230h400" />
        <path d="M0 252h400M0 280h400M0 316h400M0 360h400" />
        <path d="M200 230v130M150 230L60 360M250 230l90 130M100 230L-80 360M300 230l180 130M50 230L-220 360M350 230l270 130" />
      </g>
    </svg>
  );
}
