/**
 * The words of the index and the typo rules (decision 320): which indexed words a query word
 * may stand for. Pure functions; query.ts asks the database for candidates and checks them here.
 */

/** Words shorter than this are not kept in the word list (nothing to correct towards). */
export const WORD_MIN = 2;
/** Longer "words" are ids, hashes or URLs run together: not kept. */
export const WORD_MAX = 40;

/** A text's words as the search sees them: letters and digits, lower-cased. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The distinct words of a page worth keeping for corrections: some letters, not too long. */
export function indexWordsOf(parts: string[]): Set<string> {
  const out = new Set<string>();
  for (const part of parts)
    for (const word of wordsOf(part))
      if (word.length >= WORD_MIN && word.length <= WORD_MAX && /\p{L}/u.test(word)) out.add(word);
  return out;
}

/**
 * Typos forgiven in a query word, as Meilisearch and Typesense count them: none under 5
 * letters, one from 5, two from 9.
 */
export function typoBudget(word: string) {
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: a letter wrong, missing, added, or
 * two adjacent ones swapped each count one), or `max + 1` as soon as it must exceed `max`.
 */
export function typoDistance(a: string, b: string, max = Number.POSITIVE_INFINITY) {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, index) => index);
  let current = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[t.length], max + 1);
}

/**
 * The distance from a word being typed to the nearest start of `word`: "evaxuat" is one typo
 * from "evaluation" because it is one from "evaluat". The prefixes tried are as long as the
 * typed word, give or take the typos allowed.
 */
export function prefixDistance(typed: string, word: string, max: number) {
  const letters = [...word];
  const length = [...typed].length;
  let best = max + 1;
  for (let size = Math.max(1, length - max); size <= Math.min(letters.length, length + max); size++)
    best = Math.min(best, typoDistance(typed, letters.slice(0, size).join(""), max));
  return best;
}
