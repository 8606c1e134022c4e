// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isSlug, SLUG_MAX_LENGTH } from "@/lib/slug";
import { slugify } from "@/lib/server/slug";

/*
 * The readable part of job and company addresses (issue 60): names transliterated to Latin where
 * they can be, in their own letters where they cannot, never lost.
 */

describe("slugify", () => {
  it.each([
    ["Łódź", "lodz"],
    ["Øresund", "oresund"],
    ["Straße", "strasse"],
    ["Москва Медиа", "moskva-media"],
    ["Αθήνα Studio", "athina-studio"],
    ["Black & White Films", "black-and-white-films"],
    ["YouTube Studio", "youtube-studio"],
    ["Senior Video Editor at Łódź Sp. z o.o.", "senior-video-editor-at-lodz-sp-z-o-o"],
  ])("transliterates %j to %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it.each([
    ["株式会社クリエイト", "株式会社クリエイト"],
    ["クリエイト Inc.", "クリエイト-inc"],
    ["크리에이트 주식회사", "크리에이트-주식회사"],
    ["חברת יצירה בע״מ", "חברת-יצירה-בע-מ"],
    ["क्रिएटिव मीडिया", "क्रिएटिव-मीडिया"],
    ["บริษัท ครีเอท", "บริษัท-ครีเอท"],
  ])("keeps the letters of %j that no transliteration reaches: %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(isSlug(slug)).toBe(true);
  });

  it("is in NFC whatever the name's form, and cuts a long name between words or graphemes", () => {
    expect(slugify("クリエイト".normalize("NFD"))).toBe("クリエイト");
    const long = "映像".repeat(60);
    expect(slugify(long)).toBe("映像".repeat(40));
    const words = Array.from({ length: 30 }, (_, index) => `word${index}`).join(" ");
    const cut = slugify(words);
    expect(cut.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(words.replaceAll(" ", "-").startsWith(`${cut}-`)).toBe(true);
  });
});

describe("isSlug", () => {
  it.each([["acme-studio"], ["company-2"], ["株式会社クリエイト-inc"], ["odz"]])(
    "takes %j",
    (slug) => expect(isSlug(slug)).toBe(true),
  );

  it.each([
    ["Acme-Studio"],
    ["acme studio"],
    ["-acme"],
    ["acme--studio"],
    ["ÆRØ"],
    ["크리에이트".normalize("NFD")],
    ["a".repeat(101)],
    [42],
  ])("refuses %j", (slug) => expect(isSlug(slug)).toBe(false));
});
