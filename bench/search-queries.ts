/**
 * The site search's queries the bench times, by kind: the search section (bench/search.ts)
 * on its own 10,000 items and the scale section (bench/scale.ts) through the running
 * product. "text|N" is page N of the query's results.
 */
export const searchQueries: Array<[string, string]> = [
  ["a word in every item (worst case)", "engineering"],
  ["a common word", "design"],
  ["a stemmed word", "designing"],
  ["two words", "kubernetes cost"],
  ["a phrase", '"machine learning"'],
  ["a word being typed (prefix)", "archi"],
  ["a dropped letter (stem and prefix)", "kubernets"],
  ["swapped letters (one typo in 9 letters)", "kuberntes"],
  ["a typo in the word every item has", "enginering"],
  ["a wrong letter", "desing"],
  ["a wrong letter", "dezign"],
  ["a wrong letter, the last word a prefix", "prxmpt"],
  ["a wrong letter in a long word", "evaxuation"],
  ["two typos in 6 letters: Did you mean", "dezihn"],
  ["nothing matches", "zanzibar"],
  ["a common word, page 5", "design|5"],
];
