/**
 * Repeated rows (contacts, line items, milestones) travel as repeated field
 * names: every "itemDescription" in order, every "itemQuantity" in order...
 * This turns them back into one object per row, dropping rows left blank.
 */
export function rowsFrom<Key extends string>(
  form: FormData,
  fields: Record<Key, string>,
): Array<Record<Key, string>> {
  const columns = Object.entries(fields).map(
    ([key, name]) => [key, form.getAll(name as string).map(String)] as const,
  );
  const length = Math.max(0, ...columns.map(([, values]) => values.length));
  const rows: Array<Record<Key, string>> = [];
  for (let index = 0; index < length; index++) {
    const row = Object.fromEntries(
      columns.map(([key, values]) => [key, (values[index] ?? "").trim()]),
    ) as Record<Key, string>;
    if (Object.values(row).some((value) => value !== "" && value !== "one_off" && value !== "0"))
      rows.push(row);
  }
  return rows;
}

export function textOf(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}
