/** How the command center names and addresses each kind of published writing. */
export type PublishableKindInfo = {
  /** How revisions, redirects, media usage and autosave requests name the kind. */
  area: "insight" | "case-study";
  /** In a sentence: "insight", "case study". */
  noun: string;
  /** At the start of a sentence or a title: "Insight", "Case study". */
  title: string;
  /** A list's heading: "Insights", "Case studies". */
  plural: string;
  adminPath: string;
  publicPath: string;
  /** Under the list's heading. */
  listDescription: string;
  /** The list's byline column, searched too: "author", "client". */
  byline: string;
  /** What the delete confirmation adds to "This cannot be undone." */
  deleteNote?: string;
};

export const insightKind: PublishableKindInfo = {
  area: "insight",
  noun: "insight",
  title: "Insight",
  plural: "Insights",
  adminPath: "/admin/insights",
  publicPath: "/insights",
  listDescription: "Articles on the public site: write, schedule and publish.",
  byline: "author",
  deleteNote: "Its comments go with it.",
};

export const caseStudyKind: PublishableKindInfo = {
  area: "case-study",
  noun: "case study",
  title: "Case study",
  plural: "Case studies",
  adminPath: "/admin/case-studies",
  publicPath: "/case-studies",
  listDescription: "Client stories on the public site: write, schedule and publish.",
  byline: "client",
};
