import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { parser } from "stream-json";
import Assembler from "stream-json/assembler.js";
import { AppError } from "#server/errors.ts";

/** One string or number held whole at most this long (no post is longer). */
const MAX_VALUE = 32 * 1024 * 1024;

type Frame = { isArray: boolean; key: string | number };

/**
 * The records of a JSON export's tables as they are read, one at a time: each element of an
 * array found at one of `paths` ("data.posts", "db.0.data.posts", "tables.insights"…). The
 * rest of the document is passed over without being built, so a file of any size is read in
 * little memory.
 */
export async function* readJsonRecords(
  input: string | Readable,
  {
    tableOf,
    onBytes,
  }: {
    /** The table an array holds records of, from its path; undefined: not wanted. */
    tableOf: (path: Array<string | number>) => string | undefined;
    onBytes?: (bytes: number) => void;
  },
): AsyncGenerator<{ table: string; record: Record<string, unknown> }> {
  const source: Readable = typeof input === "string" ? createReadStream(input) : input;
  source.on("data", (chunk) => onBytes?.((chunk as Buffer).length));
  const tokens = source.pipe(
    parser.asStream({ streamValues: false, maxDepth: 64, maxPackedLength: MAX_VALUE }),
  );
  source.on("error", (error) => tokens.destroy(error));
  const stack: Frame[] = [];
  let assembler: Assembler | undefined;
  let table: string | undefined;
  const advance = () => {
    const top = stack[stack.length - 1];
    if (top?.isArray) top.key = (top.key as number) + 1;
  };
  try {
    for await (const token of tokens as AsyncIterable<{ name: string; value?: unknown }>) {
      if (assembler) {
        assembler.consume(token as never);
        if (assembler.depth === 0) {
          const record = assembler.current;
          assembler = undefined;
          advance();
          if (record && typeof record === "object" && !Array.isArray(record))
            yield { table: table as string, record: record as Record<string, unknown> };
        }
        continue;
      }
      switch (token.name) {
        case "startObject":
        case "startArray": {
          const top = stack[stack.length - 1];
          if (token.name === "startObject" && top?.isArray) {
            table = tableOf(stack.map((frame) => frame.key));
            if (table) {
              assembler = new Assembler();
              assembler.consume(token as never);
              break;
            }
          }
          stack.push({
            isArray: token.name === "startArray",
            key: token.name === "startArray" ? 0 : "",
          });
          break;
        }
        case "endObject":
        case "endArray":
          stack.pop();
          advance();
          break;
        case "keyValue": {
          const top = stack[stack.length - 1];
          if (top) top.key = String(token.value);
          break;
        }
        default:
          if (token.name.endsWith("Value")) advance();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      "INVALID",
      `The file is not JSON that can be read: ${(error as Error).message}. Export it again.`,
    );
  } finally {
    source.destroy();
  }
}
