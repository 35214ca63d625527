import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { parse } from "csv-parse";

/** One line of a CSV file: its cells, or why it could not be read. */
export type CsvRow = { line: number; cells: string[] } | { line: number; error: string };

/** A record longer than this is refused on its own (a broken quote swallowing the file). */
const MAX_RECORD_BYTES = 256 * 1024;

/** The separator a spreadsheet export used: what its first line has most of. */
export async function detectDelimiter(file: string) {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(16 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const firstLine = buffer.subarray(0, bytesRead).toString("utf8").split(/\r?\n/)[0] ?? "";
    const counts = [",", ";", "\t"].map(
      (delimiter) => [delimiter, firstLine.split(delimiter).length - 1] as const,
    );
    return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
  } finally {
    await handle.close();
  }
}

/**
 * The rows of a CSV file as they are read (a file of any size in little memory), each with
 * its line number; a row that cannot be read (an unclosed quote, a row longer than 256 KB)
 * comes as an error for that line, and the rest of the file is still read.
 */
export async function* readCsvRows(
  file: string,
  { onBytes }: { onBytes?: (bytes: number) => void } = {},
): AsyncGenerator<CsvRow> {
  const delimiter = await detectDelimiter(file);
  const skipped: CsvRow[] = [];
  const parser = parse({
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_BYTES,
    info: true,
    on_skip: (error) => {
      skipped.push({
        line: Number((error as { lines?: unknown } | undefined)?.lines ?? 0),
        error:
          error?.message.replace(/^Invalid Record Length: /, "") ?? "This line could not be read.",
      });
      return undefined;
    },
  });
  const source = createReadStream(file);
  source.on("data", (chunk) => onBytes?.((chunk as Buffer).length));
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    while (skipped.length) yield skipped.shift() as CsvRow;
    // A record ends on info.lines; it starts that many lines up as it has line breaks.
    const breaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    yield { line: info.lines - breaks, cells: record };
  }
  while (skipped.length) yield skipped.shift() as CsvRow;
}

/** A header as the column aliases below compare it: lower case, no punctuation. */
export function headerKey(value: string) {
  return value
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/[_\-.#:/]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Finds each field's column by the names exports give it; a field without one is absent. */
export function mapColumns<Field extends string>(
  header: string[],
  aliases: Record<Field, string[]>,
): Partial<Record<Field, number>> {
  const keys = header.map(headerKey);
  const found: Partial<Record<Field, number>> = {};
  for (const [field, names] of Object.entries(aliases) as Array<[Field, string[]]>) {
    for (const name of names) {
      const index = keys.indexOf(name);
      if (index >= 0) {
        found[field] = index;
        break;
      }
    }
  }
  return found;
}

/** A row's cell for a field, trimmed; "" when the column is absent. */
export function cellOf<Field extends string>(
  cells: string[],
  columns: Partial<Record<Field, number>>,
  field: Field,
) {
  const index = columns[field];
  return index === undefined ? "" : (cells[index] ?? "").trim();
}
