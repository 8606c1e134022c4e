#!/usr/bin/env node
/*
 * Figures for the shape of the code (issue 62), printed the same way before and after the move
 * into feature folders: nothing below names today's folders; files are sorted by words in their
 * paths and by what their text holds. Run from anywhere in the repository:
 *   node scripts/structure-figures.mjs
 *
 * Read: code files (.ts .tsx .mts .mjs .js) that git tracks, less node_modules, .next, e2e, docs,
 * public and database migrations. A TEST is a file under a `tests/` folder or named *.test.* /
 * *.spec.*; a SOURCE file is any other. A folder is a file's dirname.
 *
 * 1. FOLDERS A FEATURE SPANS. A file belongs to a feature when a word of its path (split at / . - _
 *    and camelCase) starts with one of the feature's keywords (pack, vat and tax: is that word,
 *    so that taxonomy and private stay out):
 *      billing    billing invoice payment pricing credit checkout refund stripe; pack(s) vat tax(es)
 *      teams      team invitation join member   (not a path of the directory's, below)
 *      imports    import* (not `import-x`), ats
 *      directory  directory talent, or job-invitation / job_invitations anywhere in the path
 *    Counted: the distinct folders of its source files and of its tests, pages/ left out (its files
 *    and folders are printed beside). Fewer folders = a feature that stands in fewer places.
 * 2. FOLDER PAIRS IMPORTING EACH OTHER. Imports resolved (`@/` = the root, relative paths; tried
 *    as is, with .ts .tsx .mts .mjs .js, and as a folder's index). A pair = two folders A ≠ B where
 *    a source file of A imports one of B and one of B imports one of A. First among component
 *    folders (a folder with a `components` segment in its path), then among all source folders.
 * 3. FILES THAT WRITE THE `jobs` TABLE: `update(jobs)`, `insert(jobs)`, `delete(jobs)` (any
 *    receiver: db., tx.) in source files. Fewer files = one owner of the jobs table's writes.
 * 3 to 5 read the code less its comments (a comment naming /api/ or update(jobs) is not counted).
 * 4. HAND-TYPED API PATHS: one-line string or template literals holding `/api/` in source files
 *    of the client's side (a path segment hooks, components, lib or features), less server code
 *    (a `server` segment, or pages/api) and less files named *operations*, *openapi*, *generated*
 *    (where the paths are declared once), and less lib/api/ itself (the generated client and
 *    the table of renamed paths). Import specifiers ("@/lib/api/…") are no paths.
 * 5. LONG FILES THAT MIX ACTORS: source files over 400 lines naming two actors or more. The
 *    markers are the guards' own names (lib/server/http/api-route.ts runs an operation's
 *    `access`; lib/server/auth/caller.ts and employer.ts are the guards) and what they hand on:
 *      moderator  access: "moderator", authenticateModerator, the Moderator type, moderatorActor,
 *                 isModerator / is_moderator, ADMIN_EMAILS
 *      employer   access: "employer", guardEmployer, guardedDatabase, membershipOf, employerActor,
 *                 the Employer and Member types (`: Member`, `type Employer` in an import)
 *      candidate  access: "user", authenticateUser, useCurrentUser, and the signed-in person a
 *                 handler passes on: `user: User`, `userId: number`
 * 6. TOTALS: top-level folders holding source files, source files, tests.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const CODE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIP = /(^|\/)(node_modules|\.next|e2e|docs|public|migrations|drizzle)\//;
const all = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((f) => CODE.test(f) && !SKIP.test(f) && existsSync(path.join(root, f)));
const isTest = (f) => /(^|\/)tests\//.test(f) || /\.(test|spec)\.[a-z]+$/.test(f);
const isPage = (f) => /(^|\/)pages\//.test(f);
const source = all.filter((f) => !isTest(f));
const fileSet = new Set(all);
const texts = new Map();
const text = (f) => {
  if (!texts.has(f)) texts.set(f, readFileSync(path.join(root, f), "utf8"));
  return texts.get(f);
};
// The text less its comments (a block opening a line; a // not after ":" or a word), for 3 to 5.
const code = (f) =>
  text(f)
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, "")
    .replace(/(^|[^:\w"'`])\/\/.*$/gm, "$1");
const dir = (f) => path.posix.dirname(f);
const uniq = (xs) => [...new Set(xs)].sort();
const out = (label, value) => console.log(`${label.padEnd(58)} ${value}`);
const list = (xs) => xs.forEach((x) => console.log(`    ${x}`));

// 1. Folders a feature spans -------------------------------------------------------------
const words = (f) =>
  f
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[/._\- ]+/);
const startsWithAny = (f, keys) => words(f).some((w) => keys.some((k) => w.startsWith(k)));
const hasWord = (f, keys) => words(f).some((w) => keys.includes(w));
const isDirectory = (f) =>
  /job[-_]invitation/i.test(f) || startsWithAny(f, ["directory", "talent"]);
const FEATURES = {
  billing: (f) =>
    startsWithAny(f, [
      "billing",
      "invoice",
      "payment",
      "pricing",
      "credit",
      "checkout",
      "refund",
      "stripe",
    ]) || hasWord(f, ["pack", "packs", "vat", "tax", "taxes"]),
  teams: (f) => !isDirectory(f) && startsWithAny(f, ["team", "invitation", "join", "member"]),
  imports: (f) =>
    !/(^|[/.])import-x\b/i.test(f) &&
    (words(f).some((w) => w.startsWith("import") || w === "ats") || /-imports?\b/i.test(f)),
  directory: isDirectory,
};
console.log("1. Folders a feature spans (pages/ apart)");
out("   feature: source folders / test folders / pages files (folders)", "");
const spans = {};
for (const [name, member] of Object.entries(FEATURES)) {
  const files = all.filter(member);
  const src = uniq(files.filter((f) => !isTest(f) && !isPage(f)).map(dir));
  const tests = uniq(files.filter((f) => isTest(f) && !isPage(f)).map(dir));
  const pages = files.filter((f) => isPage(f) && !isTest(f));
  spans[name] = src;
  out(
    `   ${name}`,
    `${src.length} / ${tests.length} / ${pages.length} (${uniq(pages.map(dir)).length})`,
  );
}
console.log("   billing's source folders:");
list(spans.billing);

// 2. Folder pairs importing each other ---------------------------------------------------
const SPEC = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;
function resolve(from, spec) {
  let base;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(dir(from), spec));
  else return null;
  const tries = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];
  for (const t of tries) if (fileSet.has(base + t)) return base + t;
  return null;
}
const edges = new Set(); // "A\0B": a source file of folder A imports a file of folder B
const valueEdges = new Set(); // the same, leaving out `import type` and `export type` statements
const TYPE_ONLY = /\b(?:import|export)\s+type\s[^;]*?from\s*["']([^"']+)["']/g;
for (const f of source) {
  const typeOnly = new Set([...text(f).matchAll(TYPE_ONLY)].map(([, spec]) => spec));
  for (const [, spec] of text(f).matchAll(SPEC)) {
    const target = resolve(f, spec);
    if (target && !isTest(target) && dir(target) !== dir(f)) {
      edges.add(`${dir(f)}\0${dir(target)}`);
      if (!typeOnly.has(spec)) valueEdges.add(`${dir(f)}\0${dir(target)}`);
    }
  }
}
const mutual = (keep, among = edges) =>
  [...among]
    .map((e) => e.split("\0"))
    .filter(([a, b]) => a < b && keep(a) && keep(b) && among.has(`${b}\0${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort();
const isComponentFolder = (d) => d.split("/").includes("components");
const componentPairs = mutual(isComponentFolder);
const allPairs = mutual(() => true);
console.log("2. Folder pairs importing each other");
out("   component folders: pairs", componentPairs.length);
list(componentPairs);
out("   all source folders: pairs", allPairs.length);
list(allPairs);
const valuePairs = mutual(() => true, valueEdges);
out("   all source folders, type-only imports aside: pairs", valuePairs.length);
list(valuePairs);

// 3. Files that write the jobs table -----------------------------------------------------
const WRITE = /\b(update|insert|delete)\s*\(\s*jobs\s*\)/g;
const writers = source
  .filter((f) => f !== "scripts/structure-figures.mjs")
  .map((f) => [f, [...code(f).matchAll(WRITE)].length])
  .filter(([, n]) => n > 0);
console.log("3. Writes to the jobs table (update/insert/delete(jobs))");
out(
  "   writes / files / folders",
  `${writers.reduce((s, [, n]) => s + n, 0)} / ${writers.length} / ${uniq(writers.map(([f]) => dir(f))).length}`,
);
list(writers.map(([f, n]) => `${f} (${n})`));

// 4. Hand-typed API paths ----------------------------------------------------------------
const LITERAL = /"[^"\n]*\/api\/[^"\n]*"|'[^'\n]*\/api\/[^'\n]*'|`[^`\n]*\/api\/[^`\n]*`/g;
const IMPORTED = /\b(from|import|require)\s*\(?\s*["'][^"']*["']/g; // "@/lib/api/…" is no path
const clientSide = (f) =>
  f.split("/").some((s) => ["hooks", "components", "lib", "features"].includes(s)) &&
  !f.split("/").includes("server") &&
  !/(^|\/)pages\/api\//.test(f) &&
  !/operations|openapi|generated/i.test(path.posix.basename(f)) &&
  !f.startsWith("lib/api/");
const typed = source
  .filter(clientSide)
  .map((f) => [f, (code(f).replace(IMPORTED, "").match(LITERAL) ?? []).length])
  .filter(([, n]) => n > 0);
console.log("4. Hand-typed API paths (client side)");
out("   literals / files", `${typed.reduce((s, [, n]) => s + n, 0)} / ${typed.length}`);
list(typed.map(([f, n]) => `${f} (${n})`));

// 5. Long files that mix actors ----------------------------------------------------------
const ACTORS = {
  moderator:
    /access:\s*["']moderator["']|\bauthenticateModerator\b|\bModerator\b|\bmoderatorActor\w*|\bisModerator\b|\bis_moderator\b|\bADMIN_EMAILS\b/,
  employer:
    /access:\s*["']employer["']|\bguardEmployer\b|\bguardedDatabase\b|\bmembershipOf\b|\bemployerActor\b|:\s*(Employer|Member)\b|\btype\s+(Employer|Member)\b/,
  candidate:
    /access:\s*["']user["']|\bauthenticateUser\b|\buseCurrentUser\b|\buser:\s*User\b|\buserId:\s*number\b/,
};
const long = source
  .map((f) => [f, text(f).split("\n").length - (text(f).endsWith("\n") ? 1 : 0)])
  .filter(([, n]) => n > 400)
  .map(([f, n]) => [f, n, Object.keys(ACTORS).filter((a) => ACTORS[a].test(code(f)))])
  .sort((x, y) => y[1] - x[1]);
const mixing = long.filter(([, , actors]) => actors.length >= 2);
console.log("5. Source files over 400 lines naming two actors or more");
out("   files over 400 lines / of them mixing actors", `${long.length} / ${mixing.length}`);
list(mixing.map(([f, n, actors]) => `${f} (${n} lines: ${actors.join(", ")})`));

// 6. Totals ------------------------------------------------------------------------------
const topFolders = uniq(source.filter((f) => f.includes("/")).map((f) => f.split("/")[0]));
console.log("6. Totals");
out("   top-level folders holding source files", `${topFolders.length} (${topFolders.join(" ")})`);
out("   source files / tests", `${source.length} / ${all.length - source.length}`);
