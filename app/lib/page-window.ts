/**
 * The page numbers a pagination shows: the first, the last, and the current page with its
 * neighbours, with a gap where numbers are left out ("1 … 4 5 [6] 7 8 … 20" with two
 * neighbours). However many pages a list or a search has, a reader sees a handful of links.
 */
export function pageWindow(page: number, pageCount: number, neighbours = 1): Array<number | "gap"> {
  const wanted = new Set([1, pageCount]);
  for (let offset = -neighbours; offset <= neighbours; offset++) wanted.add(page + offset);
  const sorted = [...wanted].filter((item) => item >= 1 && item <= pageCount).sort((a, b) => a - b);
  const result: Array<number | "gap"> = [];
  for (const item of sorted) {
    const previous = result[result.length - 1];
    // A gap of one page shows that page instead: "1 2 3", never "1 … 3".
    if (typeof previous === "number" && item - previous === 2) result.push(previous + 1);
    else if (typeof previous === "number" && item - previous > 2) result.push("gap");
    result.push(item);
  }
  return result;
}

/**
 * The page a "Previous" link leads to: the one before, or the last page when the address asks
 * for a page past the end (an old link to a list that has since shrunk).
 */
export function previousPage(page: number, pageCount: number): number {
  return Math.min(page - 1, pageCount);
}
