import v8 from "node:v8";

/**
 * How far V8 lets its heap grow past what the last full collection kept, in percent. V8's
 * own choice goes up to four times for throughput; under concurrent renders that is 250–300
 * MB of heap, most of it garbage no collection has looked at yet. 1.4 times keeps
 * the server near 320 MB resident after the bench's load instead of 530, for 1–4 % fewer
 * rendered pages a second (decision 726).
 */
export const HEAP_GROWING_PERCENT = 40;

/** What this process set (undefined: not applied, or the operator's own setting). */
let applied: number | undefined;

/** V8 reads its flags with `-` or `_` between the words. */
const isHeapGrowingFlag = (argument: string) =>
  argument.replaceAll("_", "-").startsWith("--heap-growing-percent");

/**
 * Applies HEAP_GROWING_PERCENT unless the server was started with its own
 * `--heap-growing-percent` (an operator's choice wins). True when applied.
 */
export function applyHeapSettings(execArgv: readonly string[] = process.execArgv) {
  if (execArgv.some(isHeapGrowingFlag)) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  applied = HEAP_GROWING_PERCENT;
  return true;
}

/** The heap growth this process applied itself, for the memory report. */
export const appliedHeapGrowingPercent = () => applied;
