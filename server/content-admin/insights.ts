import { eq } from "drizzle-orm";
import { renderedInsightFields } from "#server/content/rendered.ts";
import type { Db } from "#server/db/client.ts";
import { insights } from "#server/db/schema/content.ts";
import { insightFormSchema } from "#shared/content-admin/forms.ts";
import { insightKind } from "#shared/content-admin/kinds.ts";
import { publishableStore } from "./publishable";

export { ADMIN_PAGE_SIZE } from "./publishable";

export const insightStore = publishableStore({
  table: insights,
  auditArea: "insights",
  info: insightKind,
  schema: insightFormSchema,
  byline: insights.author,
  ownFields: (value) => ({
    excerpt: value.excerpt,
    body: value.body,
    author: value.author,
    tags: value.tags,
  }),
  renderedFields: (db, value) => renderedInsightFields(db, value),
  mediaUrls: (value) => [value.body],
  restoredInput: (snapshot) => ({ tags: (snapshot.tags as string[] | undefined) ?? [] }),
});

/** Insights for the command center list: search title/slug/author, filter by state. */
export const findInsightsForAdmin = insightStore.findForAdmin;
export const findInsightChoices = insightStore.findChoices;
export const findInsightTitles = insightStore.findTitles;
export const saveInsight = insightStore.save;
export const restoreInsightRevision = insightStore.restoreRevision;
export const deleteInsight = insightStore.remove;

export async function getInsightForEdit({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(insights).where(eq(insights.id, id));
  return row;
}
