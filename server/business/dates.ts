/** Today's date as YYYY-MM-DD in UTC (dates of proposals and invoices are calendar days). */
export function todayIso(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
