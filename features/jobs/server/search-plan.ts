import distance from "damerau-levenshtein";
import { sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import {
  parseSearch,
  SYNONYM_WORDS,
  type ParsedSearch,
  type SearchTerm,
} from "@/features/jobs/search-query";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { jobs, profileSearchTerms, searchTerms } from "@/lib/server/db/schema";

/*
 * Keyword search in PostgreSQL (on PGlite too): the words of a search (features/jobs/search-query.ts),
 * each with its synonyms and, when the board has no such word, the most similar word it has
 * (pg_trgm), become one tsquery. Jobs match on their search vector (migration 0019: title A,
 * company B, location C, description D) and are ranked by ts_rank with those weights, decayed
 * by the listing's age.
 */

/** A word is corrected only when the board's most similar word is at least this similar. */
const CORRECTION_SIMILARITY = 0.4;
/** "Did you mean" looks further, down to pg_trgm's own threshold for `%`. */
const SUGGESTION_SIMILARITY = 0.3;
/** Shorter words are not corrected: too many words are one letter away from them. */
const MIN_CORRECTED_LENGTH = 4;

/** ts_rank's weights for D, C, B and A: the title above the company, above the description. */
const RANK_WEIGHTS = sql.raw(`'{0.05, 0.2, 0.4, 1.0}'::float4[]`);

/**
 * A listing's text rank halves every this many days after it was published: as long as a
 * standard listing runs. A new listing ranks above an older one that matches as well, and above
 * one published a month before that matches up to twice as well; one that matches far better
 * stays above it.
 */
export const RANK_HALF_LIFE_DAYS = 30;

/**
 * How well a job matches `query` as of `now`: ts_rank (title above company above description),
 * decayed by the listing's age, in PostgreSQL (exponential decay: 0.5 ^ (age / half-life)).
 */
export const rankWithRecency = (query: SQL, now: Date): SQL =>
  sql`ts_rank(${RANK_WEIGHTS}, ${jobs.searchVector}, ${query}) * power(0.5::float8,
    greatest(extract(epoch from ${now.toISOString()}::timestamptz - ${jobs.publishedAt}), 0)::float8
      / ${RANK_HALF_LIFE_DAYS * 86_400}::float8)`;

export type SearchPlan = {
  /** The tsquery text for to_tsquery('english', …); null when no word is left to search. */
  query: string | null;
  /**
   * For each term, a regular expression (lower case, for the lowered title) that finds it as
   * words: a job whose title names more of the terms ranks first ("accountant" before "account
   * manager", which the English stemmer files under the same stem).
   */
  titlePatterns: string[];
  /**
   * Whether the search leaves words out (`-word`). Without, a job whose title or company matches
   * the query matches as a whole too (search_vector holds title_vector's words: migration
   * 0022), so the title window needs no second look at the whole text.
   */
  excludes: boolean;
  /** The search as read, with each corrected word respelled; null when nothing was corrected. */
  correctedText: string | null;
  /**
   * "Did you mean", for a search that finds nothing: the search respelled with the board's most
   * similar words, looking further than the corrections do; null when no word has a respelling.
   */
  suggestedText: string | null;
};

const pgTextArray = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * The words typo correction may respell a search's words to, with how common each is: the
 * board's (`search_terms`, the words of listed jobs) for the job search, or the directory's
 * (`profile_search_terms`, the words of findable profiles) for the employers' candidate search.
 * Kept apart: the public job search never suggests a word only an employers-only profile holds.
 */
export type Vocabulary = typeof searchTerms | typeof profileSearchTerms;

/** A vocabulary's name, which is also the name of its column of uses. */
const vocabularyName = (vocabulary: Vocabulary) =>
  vocabulary === profileSearchTerms ? "profiles" : "jobs";
/** How often a vocabulary's word is used: by how many listed jobs, or findable profiles. */
const usesOf = (vocabulary: Vocabulary) => sql.identifier(vocabularyName(vocabulary));

/** How many of the most similar words by trigram are weighed by edit distance. */
const CANDIDATE_WORDS = 3;

/** Close enough to be a typo: similar trigrams, or one or two slips of the keyboard. */
const isTypoOf = (word: string, term: string, similarity: number, threshold: number) =>
  similarity >= threshold || distance(word, term).steps <= (word.length >= 6 ? 2 : 1);

/** A word the board's vocabulary lacks, and a word it has that is similar by trigrams. */
type Candidate = { word: string; term: string; score: number };

/*
 * What the statement below found for each word, kept a minute per database and process, up to
 * 5,000 words, the least recently used leaving first (lru-cache, the cache npm itself uses,
 * already installed here through glob and jsdom). Searches repeat their words far more often
 * than whole queries, and every search asks about each of its words (a word the vocabulary has
 * gets no candidates, and that is kept too). Refilling a vocabulary forgets its words at once in
 * this process; a refill in another (the hourly task) is seen within the minute. Held on
 * globalThis, as the list facets are (job-search.ts): the pages and the API routes are separate
 * bundles, each with its own copy of this module.
 */
const CANDIDATES_LIFETIME_MS = 60_000;
const MAX_KEPT_WORDS = 5_000;
const CANDIDATES = Symbol.for("creator-jobs.similar-candidates");
type KeptWords = LRUCache<string, Candidate[]>;
const store = globalThis as typeof globalThis & {
  [CANDIDATES]?: WeakMap<Database, Map<string, KeptWords>>;
};

function keptWords(db: Database, vocabulary: Vocabulary): KeptWords {
  const databases = (store[CANDIDATES] ??= new WeakMap());
  let vocabularies = databases.get(db);
  if (!vocabularies) databases.set(db, (vocabularies = new Map()));
  const name = vocabularyName(vocabulary);
  let kept = vocabularies.get(name);
  if (!kept) {
    kept = new LRUCache({ max: MAX_KEPT_WORDS, ttl: CANDIDATES_LIFETIME_MS });
    vocabularies.set(name, kept);
  }
  return kept;
}

/**
 * For each word the vocabulary lacks, the few words there most similar to it by trigram
 * (pg_trgm's `%`), the most similar and then the more common first. One statement serves the
 * corrections and the suggestion alike: they differ only in how similar a word must be. Only
 * the words not kept from an earlier search (above) are asked about.
 */
async function similarCandidates(
  db: Database,
  words: readonly string[],
  vocabulary: Vocabulary,
): Promise<Candidate[]> {
  const candidates = [...new Set(words)].filter(
    // Only words of letters: a word with digits is a code, a version or a number ("3d",
    // "h264", "2025"), not a slip of the keyboard.
    (word) => word.length >= MIN_CORRECTED_LENGTH && /^\p{L}+$/u.test(word),
  );
  if (candidates.length === 0) return [];
  const kept = keptWords(db, vocabulary);
  const asked = candidates.filter((word) => !kept.has(word));
  if (asked.length > 0) {
    const uses = usesOf(vocabulary);
    const result = await db.execute(sql`
      select w.word, best.term, best.score
      from unnest(${pgTextArray(asked)}) as w(word)
      cross join lateral (
        select t.term, t.${uses} as uses, similarity(t.term, w.word) as score
        from ${vocabulary} t
        where t.term % w.word
        order by score desc, t.${uses} desc, t.term
        limit ${CANDIDATE_WORDS}
      ) best
      where not exists (select 1 from ${vocabulary} known where known.term = w.word)
      order by w.word, best.score desc, best.uses desc, best.term`);
    const rows = rowsOf<Candidate>(result);
    for (const word of asked) {
      kept.set(
        word,
        rows.filter((row) => row.word === word),
      );
    }
  }
  return candidates.flatMap((word) => kept.get(word) ?? []);
}

/**
 * For each word, its most similar word among `candidates`: by trigram similarity (at least
 * `threshold`), or by edit distance among the few most similar by trigram (a swap of two
 * letters, "grahpic", shares few trigrams with "graphic"); the more common first among equals.
 */
function similarWords(candidates: readonly Candidate[], threshold: number): Map<string, string> {
  const similar = new Map<string, string>();
  for (const row of candidates) {
    if (similar.has(row.word) || !isTypoOf(row.word, row.term, Number(row.score), threshold)) {
      continue;
    }
    similar.set(row.word, row.term);
  }
  return similar;
}

/** A word in tsquery syntax: a prefix when `prefix`. */
const lexeme = (word: string, prefix: boolean): string => (prefix ? `${word}:*` : word);

/** Each term's ways of matching: its alternatives, and its correction if it has one. */
function alternativesOf(term: SearchTerm, corrections: ReadonlyMap<string, string>): string[][] {
  const corrected = !term.known && corrections.get(term.words[0]!);
  return corrected ? [...term.alternatives, [corrected]] : term.alternatives;
}

/** The last word may be unfinished: it matches as a prefix ("edi" finds "editor"). */
const isOpenEnded = (terms: readonly SearchTerm[], index: number) =>
  index === terms.length - 1 && !terms[index]!.known;

/**
 * A term as words of a title: each alternative's words in order, at the start of a word, with
 * up to two more letters at the end ("designer" for "design", "editors" for "editor"). Words
 * hold only letters and digits, so nothing in them is special to the expression.
 */
function titlePattern(alternatives: readonly string[][], openEnded: boolean): string {
  const phrases = alternatives.map((words) => words.join("[^[:alnum:]]*"));
  return `\\m(${phrases.join("|")})${openEnded ? "" : "[[:alnum:]]{0,2}\\M"}`;
}

/**
 * The tsquery text of a search: every term must match, by any of its alternatives, and no
 * excluded word anywhere.
 */
function tsqueryText(
  { terms, excluded }: ParsedSearch,
  corrections: ReadonlyMap<string, string>,
): string | null {
  // Terms joined by "or" make one group, any of which will do; every group must match.
  const groups: string[][] = [];
  terms.forEach((term, index) => {
    const last = isOpenEnded(terms, index);
    const parts = alternativesOf(term, corrections).map((words) =>
      words.map((word) => lexeme(word, last && word.length >= 3)).join(" & "),
    );
    const text = `(${parts.map((part) => `(${part})`).join(" | ")})`;
    if (term.or && groups.length > 0) groups.at(-1)!.push(text);
    else groups.push([text]);
  });
  const wanted = groups.map((group) => (group.length > 1 ? `(${group.join(" | ")})` : group[0]!));
  const unwanted = excluded.map((word) => `!${word}`);
  const all = [...wanted, ...unwanted];
  return all.length > 0 ? all.join(" & ") : null;
}

/** The search as typed, with `corrections` applied; null when none applies. */
function respelled({ terms, excluded }: ParsedSearch, corrections: ReadonlyMap<string, string>) {
  let changed = false;
  const words = terms.flatMap((term) => {
    const corrected = !term.known && corrections.get(term.words[0]!);
    if (!corrected) return term.words;
    changed = true;
    return [corrected];
  });
  return changed ? [...words, ...excluded.map((word) => `-${word}`)].join(" ") : null;
}

/**
 * How a keyword search is matched: its tsqueries, with typos corrected from `vocabulary` (the
 * board's, unless told), and the respelling to suggest should it find nothing.
 */
export async function planSearch(
  db: Database,
  text: string,
  vocabulary: Vocabulary = searchTerms,
): Promise<SearchPlan> {
  const search = parseSearch(text);
  const { terms } = search;
  const unknown = terms.filter((term) => !term.known).map((term) => term.words[0]!);
  const candidates = await similarCandidates(db, unknown, vocabulary);
  const corrections = similarWords(candidates, CORRECTION_SIMILARITY);
  return {
    query: tsqueryText(search, corrections),
    titlePatterns: terms.map((term, index) =>
      titlePattern(alternativesOf(term, corrections), isOpenEnded(terms, index)),
    ),
    excludes: search.excluded.length > 0,
    correctedText: respelled(search, corrections),
    suggestedText: respelled(search, similarWords(candidates, SUGGESTION_SIMILARITY)),
  };
}

/** The tsquery of a plan's text. */
export const toTsquery = (text: string): SQL => sql`to_tsquery('english', ${text})`;

/**
 * Refills the vocabulary typo correction reads (search_terms): every word of listed jobs'
 * titles, companies and descriptions with how many jobs use it, and the synonym file's words.
 * Run after seeding and by a periodic task; a search meanwhile reads the previous vocabulary
 * (one transaction).
 */
export async function refreshSearchTerms(db: Database, now: Date = new Date()): Promise<number> {
  // ts_stat reads the text of a query: the time is a literal in it, not a parameter.
  return refillVocabulary(
    db,
    searchTerms,
    `
      select to_tsvector('simple', j.title || ' ' || c.name || ' ' || j.description)
      from jobs j join companies c on c.id = j.company_id
      where j.status = 'open' and j.expires_at > '${now.toISOString()}'::timestamptz`,
  );
}

/**
 * Refills `vocabulary` in one transaction (a search meanwhile reads the previous words): every
 * word of the documents the query `documents` selects (a tsvector each; its text goes to
 * ts_stat, so nothing in it may come from a request), with how many use it, and the synonym
 * file's words. Answers how many words it holds.
 */
export async function refillVocabulary(
  db: Database,
  vocabulary: Vocabulary,
  documents: string,
): Promise<number> {
  const uses = usesOf(vocabulary);
  const refilled = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${vocabulary}`);
    await tx.execute(sql`
      insert into ${vocabulary} (term, ${uses})
      select word, ndoc from ts_stat(${documents})
      where length(word) between 2 and 32 and word !~ '^[0-9]+$'`);
    await tx.execute(sql`
      insert into ${vocabulary} (term, ${uses})
      select unnest(${pgTextArray(SYNONYM_WORDS)}), 0
      on conflict (term) do nothing`);
    const [row] = rowsOf<{ total: number }>(
      await tx.execute(sql`select count(*)::int as total from ${vocabulary}`),
    );
    return row?.total ?? 0;
  });
  keptWords(db, vocabulary).clear();
  return refilled;
}
