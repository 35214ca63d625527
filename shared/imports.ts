/** The kinds of import, what staff read of each, and the largest files taken (decision 520). */
export const importKindList = ["wordpress", "ghost", "subscribers", "clients", "invoices"] as const;
export type ImportKindName = (typeof importKindList)[number];

export const importKindNames: Record<ImportKindName, string> = {
  wordpress: "WordPress export (WXR)",
  ghost: "Ghost export (JSON)",
  subscribers: "Newsletter list (CSV)",
  clients: "Clients (CSV)",
  invoices: "Invoices or payments (CSV)",
};

/** The largest export accepted (a WXR, a Ghost JSON, a CSV) and the largest uploads zip. */
export const importFileLimits = { source: 512 * 1024 ** 2, zip: 2 * 1024 ** 3 } as const;

/** An import's rows, a page at a time, filtered by what happens to them. */
export const IMPORT_ITEMS_PAGE_SIZE = 50;
export const itemFilters = ["all", "create", "skip", "problems"] as const;
export type ItemFilter = (typeof itemFilters)[number];
