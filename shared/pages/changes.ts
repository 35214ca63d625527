import { blockTypes, type PageBlockType } from "./blocks";

/** The parts of a page an editor changes, as compared when two people save at once. */
export type PageSnapshot = {
  path: string;
  title: string;
  blocks: Array<{ type: string } & Record<string, unknown>>;
  seoTitle?: string | null;
  seoDescription?: string | null;
  socialImage?: string | null;
  isNoindex?: boolean;
};

const fieldLabels: Array<[keyof PageSnapshot, string]> = [
  ["path", "Address"],
  ["title", "Title"],
  ["seoTitle", "Search title"],
  ["seoDescription", "Search description"],
  ["socialImage", "Social image"],
  ["isNoindex", "Hide from search engines"],
];

function labelOf(block: { type: string } | undefined) {
  return blockTypes[block?.type as PageBlockType]?.label ?? block?.type ?? "block";
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What changed from one copy of a page to another, in words an editor reads:
 * "Title changed", "Block 2 (FAQ list) changed", "Block 5 (Hero) added".
 */
export function describePageChanges(before: PageSnapshot, after: PageSnapshot): string[] {
  const changes: string[] = [];
  for (const [field, label] of fieldLabels)
    if (!same(before[field], after[field])) changes.push(`${label} changed`);
  const longest = Math.max(before.blocks.length, after.blocks.length);
  for (let index = 0; index < longest; index++) {
    const old = before.blocks[index];
    const now = after.blocks[index];
    if (!old) changes.push(`Block ${index + 1} (${labelOf(now)}) added`);
    else if (!now) changes.push(`Block ${index + 1} (${labelOf(old)}) removed`);
    else if (!same(old, now))
      changes.push(
        old.type === now.type
          ? `Block ${index + 1} (${labelOf(now)}) changed`
          : `Block ${index + 1} is now ${labelOf(now)} (was ${labelOf(old)})`,
      );
  }
  return changes;
}
