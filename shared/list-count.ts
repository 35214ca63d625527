/**
 * How a list says how many rows it has: exactly up to the count it makes (10,000), then the
 * estimate rounded to two figures, "about 200,000" (decision 746).
 */
export function listCountText(total: number, isEstimate = false, locale = "en") {
  if (!isEstimate) return total.toLocaleString(locale);
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, total))) - 1);
  return `about ${(Math.round(total / magnitude) * magnitude).toLocaleString(locale)}`;
}

/** A count and its noun, one or many: "1 open invoice", "2 open invoices". */
export function countedText(count: number, one: string, many = `${one}s`, locale = "en") {
  return `${count.toLocaleString(locale)} ${count === 1 ? one : many}`;
}
