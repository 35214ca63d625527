/** What staff read of an import's state, and of a file's size. */
export const runStatusText: Record<string, string> = {
  analysing: "reading the file",
  ready: "preview ready",
  importing: "importing",
  done: "imported",
  failed: "stopped",
  cancelled: "cancelled",
};

/** By action; "later" is only in rows of runs made before pages were imported (decision 770). */
export const actionText: Record<string, string> = {
  create: "Create",
  update: "Update",
  skip: "Skip",
  later: "Later",
};

export const outcomeText: Record<string, string> = {
  created: "Created",
  updated: "Updated",
  skipped: "Skipped",
  missing: "Missing",
  failed: "Failed",
  later: "Later",
};

export function formatBytes(bytes: number) {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** "post:create" counts as readable lines: "Posts to create: 12". */
export function countLines(counts: Record<string, number>) {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => {
      const [kind, what] = key.split(":");
      return { key, kind, what, count };
    });
}
