import { ABBREVIATIONS, NARROWER_TERMS, SYNONYM_GROUPS } from "@/features/jobs/search-synonyms";

/*
 * How a keyword search is read, before the database sees it: the words (letters and digits of
 * any alphabet; everything else, operators, quotes and emoji included, separates words), at most
 * MAX_SEARCH_WORDS of them, and for each word or known phrase the alternatives it also stands
 * for (features/jobs/search-synonyms.ts). features/jobs/server/search-plan.ts adds typo corrections from the
 * board's vocabulary and turns the terms into a PostgreSQL tsquery.
 */

/** Words past this many are ignored: every search costs about the same. */
export const MAX_SEARCH_WORDS = 8;
/** Longer "words" are cut: nothing on the board is longer. */
export const MAX_WORD_LENGTH = 32;
/** The longest phrase in the synonym file, in words. */
const MAX_PHRASE_WORDS = 4;

/** A search's words: lower case, split on anything but letters and digits, capped. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/**
 * One term of a search: what was typed (one word, or a phrase of the synonym file) and each way
 * of matching it, as words that must all be found. The first alternative is what was typed.
 */
export type SearchTerm = {
  words: string[];
  alternatives: string[][];
  /** True when the typed words are an entry of the synonym file (not corrected for typos). */
  known: boolean;
  /** True when "or" came before it: the previous term or this one will do. */
  or?: boolean;
};

const phraseKey = (words: readonly string[]) => words.join(" ");

/** Each phrase of the synonym file (as words joined by a space) and what else it matches. */
const EXPANSIONS: ReadonlyMap<string, string[][]> = (() => {
  const expansions = new Map<string, string[][]>();
  const add = (phrase: string, also: readonly string[]) => {
    const key = phraseKey(searchWords(phrase));
    const alternatives = expansions.get(key) ?? [];
    for (const other of also) {
      const words = searchWords(other);
      if (phraseKey(words) === key) continue;
      if (!alternatives.some((existing) => phraseKey(existing) === phraseKey(words))) {
        alternatives.push(words);
      }
    }
    expansions.set(key, alternatives);
  };
  for (const group of SYNONYM_GROUPS) for (const phrase of group) add(phrase, group);
  for (const [abbreviation, meanings] of Object.entries(ABBREVIATIONS)) add(abbreviation, meanings);
  for (const [broad, narrower] of Object.entries(NARROWER_TERMS)) add(broad, narrower);
  return expansions;
})();

/** Every word of the synonym file: the vocabulary typo correction can correct to. */
export const SYNONYM_WORDS: readonly string[] = [
  ...new Set(
    [...EXPANSIONS.entries()].flatMap(([phrase, alternatives]) => [
      ...phrase.split(" "),
      ...alternatives.flat(),
    ]),
  ),
].sort();

/**
 * A search's words to find (every term, or either of two joined by "or"), and the words it asks
 * to leave out ("editor -wedding").
 */
export type ParsedSearch = { terms: SearchTerm[]; excluded: string[] };

/**
 * The search's terms: at each word, the longest phrase of the synonym file that starts there
 * (with its alternatives), or the word alone; and the words of "-word" to leave out.
 */
export function parseSearch(text: string): ParsedSearch {
  const tokens = text.split(/\s+/u);
  const leftOut = (token: string) => token.length > 1 && token.startsWith("-");
  const excluded = searchWords(tokens.filter(leftOut).join(" "));
  const words = searchWords(tokens.filter((token) => !leftOut(token)).join(" ")).slice(
    0,
    MAX_SEARCH_WORDS - excluded.length,
  );
  const terms: SearchTerm[] = [];
  let or = false;
  for (let start = 0; start < words.length;) {
    // "editor or designer": either will do ("or" alone, first or last, is only a word).
    if (words[start] === "or" && terms.length > 0 && start < words.length - 1) {
      or = true;
      start += 1;
      continue;
    }
    let matched = false;
    for (let length = Math.min(MAX_PHRASE_WORDS, words.length - start); length > 0; length--) {
      const phrase = words.slice(start, start + length);
      const also = EXPANSIONS.get(phraseKey(phrase));
      if (!also) continue;
      terms.push({
        words: phrase,
        alternatives: [phrase, ...also],
        known: true,
        ...(or && { or }),
      });
      start += length;
      matched = true;
      break;
    }
    if (!matched) {
      const word = words[start]!;
      terms.push({ words: [word], alternatives: [[word]], known: false, ...(or && { or }) });
      start += 1;
    }
    or = false;
  }
  return { terms, excluded };
}
