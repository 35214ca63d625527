import { caseStudyStore } from "#server/content-admin/case-studies.ts";
import { insightStore } from "#server/content-admin/insights.ts";
import { autosavePublishable } from "#server/content-admin/publishable-routes.ts";
import type { Route } from "./+types/content-autosave";

/** The insight and case study editors' autosave (drafts only). */
export const action = (args: Route.ActionArgs) =>
  autosavePublishable(args, [insightStore, caseStudyStore]);
