// The pages' font files: Inter (the variable font @fontsource-variable/inter ships) cut down to
// what the pages show, by HarfBuzz's subsetter (subset-font, its WebAssembly build). Writes
// styles/fonts/, which is committed: the build reads those files, not this script.
//   - inter-latin.woff2: Basic Latin, Latin-1 (Western European names and £ §) and the
//     punctuation the pages print (… · “ ” – — − € ×; → and ← are not in Inter's Latin file,
//     so the system draws them, as it always did). Every page preloads it (pages/_app.tsx).
//   - inter-latin-ext.woff2: Latin Extended-A (Polish ą ć ę ł ń ś ź ż, Czech, Hungarian, Turkish
//     and the Baltic languages) and Romanian's ș ț. Its @font-face names that range
//     (styles/globals.css), so a browser fetches it only for a page that shows one of them.
// Other scripts (Japanese, Arabic, Hebrew, Cyrillic, Greek) were never in the font the pages
// loaded; they are drawn in the system's fonts, as before.
// Both keep the weights the pages use (400 to 800: Tailwind's normal to the prose's extra-bold
// headings) and the OpenType features that change text as written: kerning, ligatures and
// contextual forms (Inter's calt: → from ->, a colon raised between digits), marks, and tabular
// figures (`tabular-nums`). Inter's stylistic sets and alternates, which no page asks for, go.
//
// Usage: node scripts/subset-inter.mjs           writes the files
//        node scripts/subset-inter.mjs --check   exits 1 if the committed files are not what
//                                                this script makes (tests/unit/fonts.test.ts)
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const SOURCES = dirname(require.resolve("@fontsource-variable/inter/package.json")) + "/files";

/** The code points from..to, as a string. */
const range = (from, to) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");

export const WEIGHTS = { min: 400, max: 800 };
export const FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "tnum"];

export const FACES = [
  {
    file: "inter-latin.woff2",
    source: "inter-latin-wght-normal.woff2",
    text:
      range(0x20, 0x7e) +
      range(0xa0, 0xff) +
      // ı Œ œ ˆ ˚ ˜, dashes, quotes, daggers, bullet, ellipsis, per mille, primes, guillemets,
      // fraction slash, euro, trade mark, arrows, minus, division slash.
      "\u0131\u0152\u0153\u02c6\u02da\u02dc\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e" +
      "\u2020\u2021\u2022\u2026\u2030\u2032\u2033\u2039\u203a\u2044\u20ac\u2122" +
      "\u2190\u2191\u2192\u2193\u2212\u2215",
  },
  {
    file: "inter-latin-ext.woff2",
    source: "inter-latin-ext-wght-normal.woff2",
    text: range(0x100, 0x17f) + range(0x218, 0x21b),
    // styles/globals.css's unicode-range for this face.
    unicodeRange: "U+0100-017F, U+0218-021B",
  },
];

export async function makeFace(face) {
  return subsetFont(readFileSync(join(SOURCES, face.source)), face.text, {
    targetFormat: "woff2",
    keepFeatures: FEATURES,
    variationAxes: { wght: WEIGHTS },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const face of FACES) {
    const made = await makeFace(face);
    const path = join(ROOT, "styles", "fonts", face.file);
    if (check) {
      let committed = Buffer.alloc(0);
      try {
        committed = readFileSync(path);
      } catch {}
      if (!committed.equals(made)) {
        console.error(`${path} is not what scripts/subset-inter.mjs makes: run it and commit.`);
        stale++;
      }
    } else {
      writeFileSync(path, made);
      console.log(`${path}: ${made.length} bytes`);
    }
  }
  process.exit(stale ? 1 : 0);
}
