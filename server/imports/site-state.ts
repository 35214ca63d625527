import path from "node:path";
import type { SafeZip } from "./zip-reader";

/**
 * What the posts and pages of one site's export share while its file is read: where they
 * came from (the ledger's origin), the old site's address for images written without it,
 * the uploads zip, and what earlier items of this read already planned.
 */
export type SiteState = {
  /** The ledger's origin: "wordpress:https://old.example.com", "ghost". */
  source: string;
  /** The old site, for image addresses written without it. */
  siteUrl: string;
  /** The uploads zip's files by their path below the uploads folder. */
  zipPaths: Map<string, string>;
  /** Seen earlier in this read of the file: listed once. */
  plannedImages: Set<string>;
  plannedSlugs: Set<string>;
  plannedPagePaths: Set<string>;
  plannedRedirects: Set<string>;
};

export function newSiteState(source: string, siteUrl: string, zip?: SafeZip): SiteState {
  return {
    source,
    siteUrl,
    zipPaths: zip ? indexZipPaths(zip) : new Map(),
    plannedImages: new Set(),
    plannedSlugs: new Set(),
    plannedPagePaths: new Set(),
    plannedRedirects: new Set(),
  };
}

/** Where a file sits below an uploads folder: "2019/05/photo.jpg". */
export function relativeUploadPath(value: string) {
  const clean = value.replace(/\\/g, "/");
  for (const marker of ["wp-content/uploads/", "content/images/", "uploads/", "images/"]) {
    const at = clean.lastIndexOf(marker);
    if (at >= 0) return clean.slice(at + marker.length);
  }
  return clean.replace(/^\/+/, "");
}

function indexZipPaths(zip: SafeZip) {
  const paths = new Map<string, string>();
  for (const name of zip.files.keys()) {
    if (name.startsWith("__MACOSX/") || path.posix.basename(name).startsWith(".")) continue;
    const relative = relativeUploadPath(name);
    if (!paths.has(relative)) paths.set(relative, name);
    if (!paths.has(name)) paths.set(name, name);
  }
  return paths;
}
