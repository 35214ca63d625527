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

/** The slug field's hint: the public address with the slug as typed, for this kind. */
export function slugHint(kind: PublishableKindInfo, slug: string, isPublished: boolean) {
  const address = `${kind.publicPath}/${slug.trim() || `your-${kind.area}-slug`}`;
  return isPublished
    ? `The address: ${address}. Changing the slug keeps the old address working: it redirects here.`
    : `The address: ${address}`;
}
