import { eq } from "drizzle-orm";
import { renderedCaseStudyFields } from "#server/content/rendered.ts";
import type { Db } from "#server/db/client.ts";
import { caseStudies } from "#server/db/schema/content.ts";
import { caseStudyFormSchema } from "#shared/content-admin/forms.ts";
import { caseStudyKind } from "#shared/content-admin/kinds.ts";
import { publishableStore } from "./publishable";

export { ADMIN_PAGE_SIZE } from "./publishable";

type Metric = { label: string; value: string };

export const caseStudyStore = publishableStore({
  table: caseStudies,
  auditArea: "case-studies",
  info: caseStudyKind,
  schema: caseStudyFormSchema,
  byline: caseStudies.client,
  ownFields: (value) => ({
    client: value.client,
    industry: value.industry,
    services: value.services,
    summary: value.summary,
    challenge: value.challenge,
    solution: value.solution,
    results: value.results,
    metrics: value.metrics,
  }),
  renderedFields: (db, value) => renderedCaseStudyFields(db, value),
  mediaUrls: (value) => [value.challenge, value.solution, value.results],
  restoredInput: (snapshot) => ({
    services: (snapshot.services as string[] | undefined) ?? [],
    // The editor takes metrics as "Label: value" lines.
    metrics: ((snapshot.metrics as Metric[] | undefined) ?? [])
      .map((metric) => `${metric.label}: ${metric.value}`)
      .join("\n"),
  }),
});

/** Case studies for the command center list: search title/slug/client, filter by state. */
export const findCaseStudiesForAdmin = caseStudyStore.findForAdmin;
export const findCaseStudyChoices = caseStudyStore.findChoices;
export const findCaseStudyTitles = caseStudyStore.findTitles;
export const saveCaseStudy = caseStudyStore.save;
export const restoreCaseStudyRevision = caseStudyStore.restoreRevision;
export const deleteCaseStudy = caseStudyStore.remove;

export async function getCaseStudyForEdit({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.id, id));
  return row;
}
