import { autosavePageAction } from "#server/pages/page-routes.ts";
import type { Route } from "./+types/page-autosave";

/** The page editor's autosave (drafts only): answers the page's new version. */
export const action = (args: Route.ActionArgs) => autosavePageAction(args);
