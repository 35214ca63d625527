import { asc, desc, eq, inArray, or } from "drizzle-orm";
import { isLive } from "#server/content/published.ts";
import type { Db } from "#server/db/client.ts";
import { caseStudies, insights, testimonials } from "#server/db/schema/content.ts";
import { media } from "#server/db/schema/media.ts";
import { isUuid } from "#server/ids.ts";
import type { PageBlock } from "#shared/pages/blocks.ts";
import { PICKER_LIMIT, type PickerChoice, type PickerChoices } from "#shared/pages/choices.ts";

/** The case studies and insights a page's content lists already chose, by kind. */
function chosenContentIds(blocks: PageBlock[]) {
  const chosen = { "case-studies": new Set<string>(), insights: new Set<string>() };
  for (const block of blocks)
    if (block.type === "contentList") for (const id of block.ids) chosen[block.kind].add(id);
  return {
    caseStudies: [...chosen["case-studies"]].filter(isUuid),
    insights: [...chosen.insights].filter(isUuid),
  };
}

/**
 * What the page editor's pickers offer: every testimonial (a short list staff order), the
 * newest live case studies and insights (and any the page already chose, so their names
 * show), and the newest images of the media library.
 */
export async function findPickerChoices({
  db,
  blocks,
}: {
  db: Db;
  blocks: PageBlock[];
}): Promise<PickerChoices> {
  const chosen = chosenContentIds(blocks);
  const newestOf = async (table: typeof caseStudies | typeof insights, ids: string[]) => {
    const rows = await db
      .select({ id: table.id, label: table.title })
      .from(table)
      .where(ids.length > 0 ? or(isLive(table), inArray(table.id, ids)) : isLive(table))
      .orderBy(desc(table.publishedAt), desc(table.id))
      .limit(PICKER_LIMIT + ids.length);
    return rows;
  };
  const people = await db
    .select({
      id: testimonials.id,
      name: testimonials.name,
      company: testimonials.company,
      isVisible: testimonials.isVisible,
    })
    .from(testimonials)
    .orderBy(asc(testimonials.position), asc(testimonials.createdAt));
  const images = await db
    .select({ url: media.url, name: media.originalName, alt: media.alt })
    .from(media)
    .where(eq(media.kind, "image"))
    .orderBy(desc(media.createdAt))
    .limit(PICKER_LIMIT);
  return {
    testimonials: people.map(
      (person): PickerChoice => ({
        id: person.id,
        label: `${person.name}, ${person.company}${person.isVisible ? "" : " (hidden)"}`,
      }),
    ),
    caseStudies: await newestOf(caseStudies, chosen.caseStudies),
    insights: await newestOf(insights, chosen.insights),
    images: images.map((image) => ({
      id: image.url,
      label: image.name || image.alt || image.url,
    })),
  };
}
