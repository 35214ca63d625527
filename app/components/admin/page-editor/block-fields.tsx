import { useId } from "react";
import type { PageBlockInput, PageBlockType } from "#shared/pages/blocks.ts";
import { ItemControls, move, refocus } from "./list-controls";
import { ImagePicker, PickList, type PickSource } from "./pickers";

/**
 * The fields of each block type (the schemas of shared/pages/blocks.ts): what the page
 * editor draws for a block, its list items and their own lists.
 */
type Value = Record<string, unknown>;

export type FieldSpec =
  | { key: string; label: string; kind: "text" | "textarea"; optional?: boolean; hint?: string }
  | { key: string; label: string; kind: "select"; options: Array<[string, string]> }
  | { key: string; label: string; kind: "number" }
  | { key: string; label: string; kind: "checkbox" }
  | { key: string; label: string; kind: "cta" }
  | { key: string; label: string; kind: "strings"; noun: string; hint?: string }
  | { key: string; label: string; kind: "picks"; noun: string; source: PickSource; hint?: string }
  | { key: string; label: string; kind: "image"; optional?: boolean }
  | { key: string; label: string; kind: "items"; noun: string; fields: FieldSpec[]; empty: Value };

const heading: FieldSpec[] = [
  { key: "eyebrow", label: "Eyebrow", kind: "text" },
  { key: "heading", label: "Heading", kind: "text" },
  { key: "lead", label: "Lead", kind: "textarea" },
  {
    key: "spacing",
    label: "Spacing",
    kind: "select",
    options: [
      ["roomy", "Roomy"],
      ["compact", "Compact"],
      ["joined", "Joined to the block above"],
    ],
  },
  { key: "isHeadingHidden", label: "Heading for screen readers only", kind: "checkbox" },
];

const link = (label = "Link", optional = true): FieldSpec => ({
  key: "href",
  label,
  kind: "text",
  optional,
  hint: "A site path (/contact) or an https:// address.",
});

export const blockFields: Record<PageBlockType, FieldSpec[]> = {
  hero: [
    {
      key: "variant",
      label: "Style",
      kind: "select",
      options: [
        ["page", "Inner page"],
        ["home", "Home (large, with the horizon art)"],
        ["guide", "Service guide (under the breadcrumbs, with its icon)"],
      ],
    },
    { key: "icon", label: "Icon", kind: "text" },
    { key: "eyebrow", label: "Eyebrow", kind: "text" },
    { key: "title", label: "Title", kind: "text" },
    { key: "highlight", label: "Highlighted last words", kind: "text" },
    { key: "lead", label: "Lead", kind: "textarea" },
    {
      key: "ctas",
      label: "Calls to action (at most two)",
      kind: "items",
      noun: "call to action",
      fields: [{ key: "label", label: "Label", kind: "text" }, link("Link", false)],
      empty: { label: "", href: "" },
    },
    { key: "points", label: "Points", kind: "strings", noun: "point" },
  ],
  richText: [...heading, { key: "markdown", label: "Text (Markdown)", kind: "textarea" }],
  featureGrid: [
    ...heading,
    {
      key: "source",
      label: "Cards",
      kind: "select",
      options: [
        ["custom", "The items below"],
        ["services", "The five services"],
      ],
    },
    {
      key: "style",
      label: "Style",
      kind: "select",
      options: [
        ["cards", "Icon cards"],
        ["numbered", "Numbered cards"],
        ["list", "List under a rule"],
        ["links", "Row of link tiles"],
      ],
    },
    { key: "columns", label: "Columns", kind: "number" },
    {
      key: "items",
      label: "Items",
      kind: "items",
      noun: "item",
      fields: [
        { key: "icon", label: "Icon", kind: "text" },
        { key: "title", label: "Title", kind: "text" },
        { key: "body", label: "Text", kind: "textarea" },
        link(),
        { key: "linkLabel", label: "Link words (Read more when empty)", kind: "text" },
      ],
      empty: { title: "" },
    },
    { key: "more", label: "Last card leading on", kind: "cta" },
  ],
  processSteps: [
    ...heading,
    {
      key: "steps",
      label: "Steps",
      kind: "items",
      noun: "step",
      fields: [
        { key: "title", label: "Title", kind: "text" },
        { key: "description", label: "Description", kind: "textarea" },
      ],
      empty: { title: "", description: "" },
    },
  ],
  sections: [
    {
      key: "items",
      label: "Sections",
      kind: "items",
      noun: "section",
      fields: [
        { key: "heading", label: "Heading", kind: "text" },
        { key: "markdown", label: "Text (Markdown)", kind: "textarea" },
        { key: "points", label: "Checked points", kind: "strings", noun: "point" } as FieldSpec,
        { key: "id", label: "Anchor (#anchor)", kind: "text" },
      ],
      empty: { heading: "" },
    },
  ],
  figures: [
    ...heading,
    {
      key: "items",
      label: "Figures",
      kind: "items",
      noun: "figure",
      fields: [
        { key: "value", label: "Value", kind: "text" },
        { key: "label", label: "Label", kind: "text" },
      ],
      empty: { value: "", label: "" },
    },
  ],
  faqList: [
    ...heading,
    {
      key: "items",
      label: "Questions",
      kind: "items",
      noun: "question",
      fields: [
        { key: "question", label: "Question", kind: "text" },
        { key: "answer", label: "Answer", kind: "textarea" },
        { key: "id", label: "Anchor (/faq#anchor)", kind: "text" },
      ],
      empty: { question: "", answer: "" },
    },
  ],
  pricingTiers: [
    ...heading,
    {
      key: "tiers",
      label: "Tiers",
      kind: "items",
      noun: "tier",
      fields: [
        { key: "name", label: "Name", kind: "text" },
        { key: "tagline", label: "Tagline", kind: "text" },
        { key: "price", label: "Price", kind: "text" },
        { key: "summary", label: "Summary", kind: "textarea" },
        { key: "suits", label: "Suits", kind: "strings", noun: "point" },
        { key: "billing", label: "Billing", kind: "textarea" },
        { key: "includes", label: "Includes", kind: "strings", noun: "point" },
        { key: "cta", label: "Call to action", kind: "cta" },
      ],
      empty: { name: "" },
    },
  ],
  testimonials: [
    { key: "heading", label: "Heading", kind: "text" },
    {
      key: "ids",
      label: "Testimonials, in order",
      kind: "picks",
      noun: "testimonial",
      source: "testimonials",
      hint: "None chosen: every visible testimonial.",
    },
  ],
  contentList: [
    ...heading,
    {
      key: "kind",
      label: "Content",
      kind: "select",
      options: [
        ["case-studies", "Case studies"],
        ["insights", "Insights"],
      ],
    },
    {
      key: "mode",
      label: "Which",
      kind: "select",
      options: [
        ["latest", "The latest"],
        ["chosen", "Chosen ones"],
      ],
    },
    { key: "count", label: "How many (latest)", kind: "number" },
    {
      key: "ids",
      label: "Chosen, in order",
      kind: "picks",
      noun: "item",
      source: "content",
      hint: "Shown when “Which” is “Chosen ones”.",
    },
  ],
  logoStrip: [
    ...heading,
    {
      key: "items",
      label: "Logos",
      kind: "items",
      noun: "logo",
      fields: [
        { key: "name", label: "Name", kind: "text" },
        { key: "icon", label: "Icon", kind: "text" },
        { key: "image", label: "Image", kind: "image", optional: true },
        link(),
      ],
      empty: { name: "" },
    },
  ],
  imageText: [
    ...heading,
    { key: "image", label: "Image", kind: "image" },
    { key: "alt", label: "Image description", kind: "text" },
    { key: "markdown", label: "Text (Markdown)", kind: "textarea" },
    {
      key: "imageSide",
      label: "Image side",
      kind: "select",
      options: [
        ["right", "Right"],
        ["left", "Left"],
      ],
    },
    { key: "cta", label: "Call to action", kind: "cta" },
  ],
  ctaBand: [
    {
      key: "variant",
      label: "Style",
      kind: "select",
      options: [
        ["band", "Wide band"],
        ["card", "Card"],
      ],
    },
    { key: "title", label: "Title", kind: "text" },
    { key: "body", label: "Text", kind: "textarea" },
    { key: "primary", label: "Main button", kind: "cta" },
    { key: "secondary", label: "Second button", kind: "cta" },
  ],
  contactForm: heading,
  newsletter: heading,
  personas: [
    ...heading,
    {
      key: "items",
      label: "Personas",
      kind: "items",
      noun: "persona",
      fields: [
        { key: "name", label: "Name", kind: "text" },
        { key: "role", label: "Role", kind: "text" },
        { key: "organisation", label: "Organisation", kind: "text" },
        { key: "quote", label: "Quote", kind: "textarea" },
        { key: "goals", label: "Goals", kind: "strings", noun: "goal" },
        { key: "frustrations", label: "Frustrations", kind: "strings", noun: "frustration" },
        { key: "stories", label: "Stories", kind: "strings", noun: "story" },
        { key: "services", label: "Services (ids)", kind: "strings", noun: "service" },
        { key: "id", label: "Anchor", kind: "text" },
      ],
      empty: { name: "", role: "" },
    },
  ],
};

/** One field of a block or of a list item. */
function FieldControl({
  spec,
  value,
  owner,
  idPrefix,
  onChange,
}: {
  spec: FieldSpec;
  value: unknown;
  /** The block or list item the field belongs to. */
  owner: Value;
  idPrefix: string;
  onChange: (value: unknown) => void;
}) {
  const id = `${idPrefix}-${spec.key}`;
  switch (spec.kind) {
    case "picks":
      return (
        <PickList
          id={id}
          label={spec.label}
          noun={spec.noun}
          hint={spec.hint}
          source={
            spec.source === "content" && owner.kind === "insights"
              ? "insights"
              : spec.source === "content"
                ? "caseStudies"
                : spec.source
          }
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
        />
      );
    case "image":
      return (
        <ImagePicker
          id={id}
          label={spec.label}
          optional={spec.optional ?? false}
          value={typeof value === "string" ? value : ""}
          onChange={(next) => onChange(next === "" && spec.optional ? undefined : next)}
        />
      );
    case "text":
    case "textarea": {
      const text = typeof value === "string" ? value : "";
      const set = (next: string) => onChange(spec.optional && next === "" ? undefined : next);
      return (
        <div className={spec.kind === "textarea" ? "md:col-span-2" : undefined}>
          <label htmlFor={id} className="field-label">
            {spec.label}
          </label>
          {spec.kind === "textarea" ? (
            <textarea
              id={id}
              className="field-input"
              rows={spec.key === "markdown" ? 8 : 3}
              value={text}
              onChange={(event) => set(event.target.value)}
            />
          ) : (
            <input
              id={id}
              className="field-input"
              value={text}
              onChange={(event) => set(event.target.value)}
            />
          )}
          {spec.hint ? <p className="mt-1 text-xs text-mist-400">{spec.hint}</p> : null}
        </div>
      );
    }
    case "select":
      return (
        <div>
          <label htmlFor={id} className="field-label">
            {spec.label}
          </label>
          <select
            id={id}
            className="field-input"
            value={typeof value === "string" ? value : spec.options[0][0]}
            onChange={(event) => onChange(event.target.value)}
          >
            {spec.options.map(([option, label]) => (
              <option key={option} value={option}>
                {label}
              </option>
            ))}
          </select>
        </div>
      );
    case "checkbox":
      return (
        <div className="flex items-center gap-2 self-end pb-2">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked ? true : undefined)}
          />
          <label htmlFor={id} className="text-sm text-mist-300">
            {spec.label}
          </label>
        </div>
      );
    case "number":
      return (
        <div>
          <label htmlFor={id} className="field-label">
            {spec.label}
          </label>
          <input
            id={id}
            type="number"
            className="field-input"
            value={typeof value === "number" ? value : ""}
            onChange={(event) =>
              onChange(event.target.value === "" ? undefined : Number(event.target.value))
            }
          />
        </div>
      );
    case "cta": {
      const cta = (value ?? {}) as { label?: string; href?: string };
      const set = (key: "label" | "href", next: string) => {
        const updated = { label: cta.label ?? "", href: cta.href ?? "", [key]: next };
        onChange(updated.label === "" && updated.href === "" ? undefined : updated);
      };
      return (
        <fieldset className="grid gap-3 rounded-lg border border-white/10 p-3 md:col-span-2 md:grid-cols-2">
          <legend className="px-1 text-sm text-mist-300">{spec.label} (optional)</legend>
          <div>
            <label htmlFor={`${id}-label`} className="field-label">
              Label
            </label>
            <input
              id={`${id}-label`}
              className="field-input"
              value={cta.label ?? ""}
              onChange={(event) => set("label", event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-href`} className="field-label">
              Link
            </label>
            <input
              id={`${id}-href`}
              className="field-input"
              value={cta.href ?? ""}
              placeholder="/contact or https://…"
              onChange={(event) => set("href", event.target.value)}
            />
          </div>
        </fieldset>
      );
    }
    case "strings": {
      const list = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className="rounded-lg border border-white/10 p-3 md:col-span-2" data-list>
          <legend className="px-1 text-sm text-mist-300">{spec.label}</legend>
          {spec.hint ? <p className="text-xs text-mist-400">{spec.hint}</p> : null}
          <ol className="space-y-2">
            {list.map((entry, index) => (
              <li key={index} className="flex flex-wrap items-center gap-2">
                <label htmlFor={`${id}-${index}`} className="sr-only">
                  {`${spec.noun} ${index + 1}`}
                </label>
                <input
                  id={`${id}-${index}`}
                  className="field-input min-w-0 flex-1"
                  value={entry}
                  onChange={(event) =>
                    onChange(list.map((old, at) => (at === index ? event.target.value : old)))
                  }
                />
                <ItemControls
                  noun={spec.noun}
                  index={index}
                  count={list.length}
                  onMove={(to, button) => {
                    onChange(move(list, index, to));
                    refocus(button, `Move ${spec.noun} ${to + 1} ${to < index ? "up" : "down"}`);
                  }}
                  onRemove={() => onChange(list.filter((_, at) => at !== index))}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="mt-2 text-sm text-frontier-blue underline"
            onClick={() => onChange([...list, ""])}
          >
            Add {spec.noun}
          </button>
        </fieldset>
      );
    }
    case "items": {
      const list = Array.isArray(value) ? (value as Value[]) : [];
      return (
        <fieldset className="rounded-lg border border-white/10 p-3 md:col-span-2" data-list>
          <legend className="px-1 text-sm text-mist-300">{spec.label}</legend>
          <ol className="space-y-3">
            {list.map((item, index) => (
              <li
                key={index}
                className="rounded-lg bg-white/5 p-3"
                aria-label={`${spec.noun} ${index + 1}`}
              >
                <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-semibold capitalize">{`${spec.noun} ${index + 1}`}</span>
                  <ItemControls
                    noun={spec.noun}
                    index={index}
                    count={list.length}
                    onMove={(to, button) => {
                      onChange(move(list, index, to));
                      refocus(button, `Move ${spec.noun} ${to + 1} ${to < index ? "up" : "down"}`);
                    }}
                    onRemove={() => onChange(list.filter((_, at) => at !== index))}
                  />
                </div>
                <FieldGroup
                  fields={spec.fields}
                  value={item}
                  idPrefix={`${id}-${index}`}
                  onChange={(next) => onChange(list.map((old, at) => (at === index ? next : old)))}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="mt-2 text-sm text-frontier-blue underline"
            onClick={() => onChange([...list, { ...spec.empty }])}
          >
            Add {spec.noun}
          </button>
        </fieldset>
      );
    }
  }
}

/** A block's (or a list item's) fields in a two-column grid. */
export function FieldGroup({
  fields,
  value,
  idPrefix,
  onChange,
}: {
  fields: FieldSpec[];
  value: Value;
  idPrefix: string;
  onChange: (value: Value) => void;
}) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {fields.map((spec) => (
        <FieldControl
          key={spec.key}
          spec={spec}
          value={value[spec.key]}
          owner={value}
          idPrefix={idPrefix}
          onChange={(next) => {
            const updated = { ...value };
            if (next === undefined) delete updated[spec.key];
            else updated[spec.key] = next;
            onChange(updated);
          }}
        />
      ))}
    </div>
  );
}

/** The fields of one block. */
export function BlockFields({
  block,
  onChange,
}: {
  block: PageBlockInput;
  onChange: (block: PageBlockInput) => void;
}) {
  const idPrefix = useId().replace(/:/g, "");
  return (
    <FieldGroup
      fields={blockFields[block.type]}
      value={block as Value}
      idPrefix={`block${idPrefix}`}
      onChange={(next) => onChange(next as PageBlockInput)}
    />
  );
}
