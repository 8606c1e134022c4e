// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { create, type Font } from "fontkit";
import { describe, expect, it } from "vitest";
import { FACES, makeFace, WEIGHTS } from "@/scripts/subset-inter.mjs";

/*
 * The pages' Inter subsets (scripts/subset-inter.mjs, committed in styles/fonts/): each file is
 * what the script makes from the installed @fontsource-variable/inter, draws every letter the
 * pages and the board's names in Latin scripts need, and the second file's unicode-range in
 * styles/globals.css is the range it was cut to.
 */

const FONTS = join(process.cwd(), "styles", "fonts");
/** fontkit's Font, with the variable font's axes its types leave out. */
type VariableFont = Font & { variationAxes: Record<string, { min: number; max: number }> };
const open = (file: string) => create(readFileSync(join(FONTS, file))) as VariableFont;
const missing = (font: Font, text: string) =>
  [...text].filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0)!));

describe("the Inter subsets", () => {
  it("are what scripts/subset-inter.mjs makes (run it and commit after a change)", async () => {
    for (const face of FACES) {
      const made = await makeFace(face);
      expect(made.equals(readFileSync(join(FONTS, face.file))), face.file).toBe(true);
    }
  });

  it("draw the pages' Latin, and Polish, Czech and Romanian letters in the second file", () => {
    const latin = open("inter-latin.woff2");
    // (→ and ←, which some pages print, were never in Inter's Latin file: the system draws them.)
    expect(missing(latin, "Zażółć? No: Café Müller · “Señor” – 10 € × 2 … ↑ −")).toEqual([
      "ż",
      "ł",
      "ć",
    ]);
    const ext = open("inter-latin-ext.woff2");
    expect(missing(ext, "ĄąĆćĘęŁłŃńŚśŹźŻżČčŘřŠšŽžĚěȘșȚțĞğŞşİŐőŰű")).toEqual([]);
    // Turkish's dotless ı is in the first.
    expect(missing(latin, "ı")).toEqual([]);
    // Japanese and Arabic were never in the pages' font: the system draws them.
    expect(missing(latin, "東京ع")).toHaveLength(3);
  });

  it("keep the weights the pages use, and only those", () => {
    for (const face of FACES) {
      const wght = open(face.file).variationAxes.wght!;
      expect([wght.min, wght.max], face.file).toEqual([WEIGHTS.min, WEIGHTS.max]);
    }
  });

  it("are named in styles/globals.css with the range the second file was cut to", () => {
    const css = readFileSync(join(process.cwd(), "styles", "globals.css"), "utf8");
    const ext = FACES.find((face) => face.unicodeRange)!;
    const rule = /@font-face\s*\{[^}]*"Inter Latin Ext"[^}]*\}/.exec(css)?.[0] ?? "";
    expect(rule).toContain(`url("./fonts/${ext.file}")`);
    expect(rule).toContain(`unicode-range: ${ext.unicodeRange};`);
    expect(rule).toContain(`font-weight: ${WEIGHTS.min} ${WEIGHTS.max};`);
  });
});
