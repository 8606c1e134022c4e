// @vitest-environment node
import { describe, expect, it } from "vitest";
import { documentFonts, hanFormsOf } from "@/lib/server/pdf/fonts";

/*
 * The fonts PDFs are set in (issue 60): each character from the first family whose files have
 * it, Chinese characters in the forms of the text's language, and each document's glyphs
 * standing for what they stood for in it alone.
 */

/** The font of one grapheme, in text of `lang`. */
const fontName = (grapheme: string, lang?: string) =>
  documentFonts().fontFor(grapheme, {}, hanFormsOf(grapheme, lang)).font.postscriptName;

describe("documentFonts", () => {
  it("takes each character from Noto Sans, else from its script's family", () => {
    expect(fontName("Ł")).toBe("NotoSans-Regular");
    expect(fontName("Ж")).toBe("NotoSans-Regular");
    expect(fontName("क्रि")).toBe("NotoSans-Regular");
    expect(fontName("ש")).toBe("NotoSansHebrew-Regular");
    expect(fontName("ب")).toBe("NotoSansArabic-Regular");
    expect(fontName("ก")).toBe("NotoSansThai-Regular");
    expect(fontName("한")).toBe("NotoSansKR-Regular");
  });

  it("draws Chinese characters in the forms of the text's language", () => {
    expect(fontName("東")).toBe("NotoSansSC-Regular");
    expect(fontName("東", "ja-JP")).toBe("NotoSansJP-Regular");
    expect(fontName("東", "ko")).toBe("NotoSansKR-Regular");
    expect(hanFormsOf("東京のクリエイト")).toBe("ja");
    expect(hanFormsOf("서울 東京")).toBe("ko");
  });

  it("starts each document's glyphs afresh, whatever was drawn before", () => {
    const codePoints = (text: string) => {
      const { font } = documentFonts().fontFor(text, {}, "zh");
      return font
        .layout(text, [], undefined, undefined, "rtl")
        .glyphs.map((glyph) => glyph.codePoints);
    };
    expect(codePoints("ر")).toEqual([[0x631]]);
    // Noto Sans Arabic draws ز as ر's glyph and a dot: in this document, that glyph is ز.
    expect(codePoints("ز")).toEqual([[], [0x632]]);
  });
});
