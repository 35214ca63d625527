/** A page of a list read by keyset (decisions 746, 763, 780). */
export type KeysetPageOf<Row> = {
  rows: Row[];
  total: number;
  totalIsEstimate?: boolean;
  previousCursor?: string;
  nextCursor?: string;
};

export type KeysetCursorParams = { after?: string; before?: string };

/**
 * Follows Next from a list's first page to its last, then Previous back to the first, and
 * gives each page's rows by `label`: the forward pages, the backward ones (in list order),
 * whether the first page offered a Previous, and the last page read (back at the start).
 */
export async function walkKeyset<Row>(
  read: (cursor: KeysetCursorParams) => Promise<KeysetPageOf<Row>>,
  label: (row: Row) => string,
) {
  const forward: string[][] = [];
  let page = await read({});
  const isPreviousOnFirst = Boolean(page.previousCursor);
  forward.push(page.rows.map(label));
  while (page.nextCursor && forward.length < 100) {
    page = await read({ after: page.nextCursor });
    forward.push(page.rows.map(label));
  }
  const backward: string[][] = [forward.at(-1) ?? []];
  while (page.previousCursor && backward.length < 100) {
    page = await read({ before: page.previousCursor });
    backward.unshift(page.rows.map(label));
  }
  return { forward, backward, isPreviousOnFirst, first: page };
}

/** Orders rows by keys in turn, each ascending or descending ("desc"), as SQL would. */
export function sortedBy<Row>(
  rows: Row[],
  ...keys: Array<[(row: Row) => string | number | Date, "asc" | "desc"]>
) {
  const value = (item: string | number | Date) => (item instanceof Date ? item.getTime() : item);
  return [...rows].sort((a, b) => {
    for (const [key, dir] of keys) {
      const left = value(key(a));
      const right = value(key(b));
      if (left === right) continue;
      const order = left < right ? -1 : 1;
      return dir === "asc" ? order : -order;
    }
    return 0;
  });
}
