/** A sync's time in the viewer's locale, or "never". */
export function when(date: Date | string | null) {
  return date ? new Date(date).toLocaleString() : "never";
}
