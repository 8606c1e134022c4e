// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  MAX_SEARCH_WORDS,
  MAX_WORD_LENGTH,
  parseSearch,
  searchWords,
  SYNONYM_WORDS,
} from "@/features/jobs/search-query";
import { ABBREVIATIONS, NARROWER_TERMS, SYNONYM_GROUPS } from "@/features/jobs/search-synonyms";

const phrase = (text: string) => searchWords(text).join(" ");

describe("the synonym file", () => {
  it("names each phrase once, in the form people type it", () => {
    const phrases = [
      ...SYNONYM_GROUPS.flat(),
      ...Object.keys(ABBREVIATIONS),
      ...Object.keys(NARROWER_TERMS),
    ].map(phrase);
    const twice = phrases.filter((entry, index) => phrases.indexOf(entry) !== index);
    expect(twice).toEqual([]);
    for (const entry of phrases) expect(entry.split(" ").length).toBeLessThanOrEqual(4);
  });

  it("has every entry parse to words of letters and digits", () => {
    const entries = [
      ...SYNONYM_GROUPS.flat(),
      ...Object.entries(ABBREVIATIONS).flat(2),
      ...Object.entries(NARROWER_TERMS).flat(2),
    ];
    for (const entry of entries) expect(searchWords(entry).length, entry).toBeGreaterThan(0);
    for (const word of SYNONYM_WORDS) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
  });
});

describe("searchWords", () => {
  it("keeps letters and digits of any alphabet, in lower case", () => {
    expect(searchWords("  YouTube   Editor!! ")).toEqual(["youtube", "editor"]);
    expect(searchWords("3D Artist (Blender)")).toEqual(["3d", "artist", "blender"]);
    expect(searchWords("東京 編集者")).toEqual(["東京", "編集者"]);
    expect(searchWords("Ｙｏｕｔｕｂｅ")).toEqual(["youtube"]);
  });

  it("drops operators, quotes, emoji and SQL punctuation", () => {
    expect(searchWords(`"editor" & !(tiktok) | <-> :* 🎬`)).toEqual(["editor", "tiktok"]);
    expect(searchWords("' OR 1=1; DROP TABLE jobs; --")).toEqual([
      "or",
      "1",
      "1",
      "drop",
      "table",
      "jobs",
    ]);
    expect(searchWords("🎬🎥 ---")).toEqual([]);
  });

  it("caps the words and their length, so every search costs about the same", () => {
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
    expect(searchWords(many)).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords("a".repeat(500))[0]).toHaveLength(MAX_WORD_LENGTH);
  });
});

describe("parseSearch", () => {
  it("expands an abbreviation one way, and a synonym group both ways", () => {
    const [yt, editor] = parseSearch("yt editor").terms;
    expect(yt).toMatchObject({ words: ["yt"], known: true });
    expect(yt!.alternatives).toContainEqual(["youtube"]);
    expect(editor).toEqual({ words: ["editor"], alternatives: [["editor"]], known: false });

    const [socialMedia] = parseSearch("social media manager").terms;
    expect(socialMedia!.alternatives).not.toContainEqual(["smm"]);
    expect(parseSearch("you tube").terms[0]!.alternatives).toContainEqual(["youtube"]);
    expect(parseSearch("youtube").terms[0]!.alternatives).toContainEqual(["you", "tube"]);
  });

  it("takes the longest phrase of the file at each word", () => {
    const { terms } = parseSearch("Senior video editor for TikTok");
    expect(terms.map((term) => term.words.join(" "))).toEqual([
      "senior",
      "video editor",
      "for",
      "tiktok",
    ]);
    expect(terms[1]!.alternatives).toContainEqual(["video", "editing"]);
    expect(terms[3]!.alternatives).toContainEqual(["tik", "tok"]);
  });

  it("reads or between two terms as either", () => {
    const { terms } = parseSearch("editor OR designer or");
    expect(terms.map((term) => [term.words.join(" "), term.or ?? false])).toEqual([
      ["editor", false],
      ["designer", true],
      ["or", false],
    ]);
    expect(parseSearch("or editor").terms[0]!.words).toEqual(["or"]);
  });

  it("reads -word as a word to leave out", () => {
    expect(parseSearch("editor -wedding -").excluded).toEqual(["wedding"]);
    expect(parseSearch("editor -wedding").terms.map((term) => term.words)).toEqual([["editor"]]);
    expect(parseSearch("full-time").excluded).toEqual([]);
    const { terms, excluded } = parseSearch(
      `${Array.from({ length: 10 }, (_, i) => `w${i}`).join(" ")} -x -y`,
    );
    expect(terms.length + excluded.length).toBe(MAX_SEARCH_WORDS);
  });
});
