#!/usr/bin/env node
// Moves files with `git mv` and rewrites every import of them, so history follows the file and
// nothing points at the old place. Usage:
//   node scripts/move.mjs OLD NEW [OLD NEW ...]
//   node scripts/move.mjs --map FILE      (lines "old new"; # starts a comment)
// OLD and NEW are files or folders relative to the repository's root. A folder moves with
// everything tracked under it; the longest matching OLD decides where a file goes.
// Imports are rewritten in every tracked .ts/.tsx/.mts/.mjs/.js file: `from "…"`, `import("…")`,
// `vi.mock("…")`, `require("…")` and `new URL("…", import.meta.url)`. An `@/` import stays an
// `@/` import; a relative one stays relative while it stays inside one folder tree (at most one
// `../`), and becomes `@/` otherwise. Paths written in other files (scripts, docs, configs) are
// printed at the end for a person to check.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { importTarget } from "./import-target.mjs";

const args = process.argv.slice(2);
const pairs = [];
if (args[0] === "--map") {
  for (const line of readFileSync(args[1], "utf8").split("\n")) {
    const text = line.replace(/#.*/, "").trim();
    if (!text) continue;
    const [from, to] = text.split(/\s+/);
    pairs.push([from.replace(/\/$/, ""), to.replace(/\/$/, "")]);
  }
} else {
  for (let index = 0; index < args.length; index += 2) {
    pairs.push([args[index].replace(/\/$/, ""), args[index + 1].replace(/\/$/, "")]);
  }
}
if (pairs.length === 0) {
  console.error("usage: node scripts/move.mjs OLD NEW [OLD NEW ...] | --map FILE");
  process.exit(2);
}

const tracked = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
  .split("\0")
  .filter((file) => file && existsSync(file));
const trackedSet = new Set(tracked);

/** Where a file of the old layout goes (itself when no pair names it). */
function destination(file) {
  let best = null;
  for (const [from, to] of pairs) {
    if (file === from || file.startsWith(`${from}/`)) {
      if (!best || from.length > best[0].length) best = [from, to];
    }
  }
  return best ? best[1] + file.slice(best[0].length) : file;
}

const moves = tracked.map((file) => [file, destination(file)]).filter(([a, b]) => a !== b);
const unmatched = pairs.filter(
  ([from]) => !moves.some(([file]) => file === from || file.startsWith(`${from}/`)),
);
if (unmatched.length > 0) {
  console.error(`nothing tracked at: ${unmatched.map(([from]) => from).join(", ")}`);
  process.exit(1);
}
const taken = new Map();
for (const [from, to] of moves) {
  if (trackedSet.has(to) && destination(to) === to) {
    console.error(`${to} exists already (moving ${from})`);
    process.exit(1);
  }
  if (taken.has(to)) {
    console.error(`${from} and ${taken.get(to)} would both become ${to}`);
    process.exit(1);
  }
  taken.set(to, from);
}

/** The tracked file an import names, or null for a package or something unknown. */
const resolve = (importer, spec) => importTarget(trackedSet, importer, spec);

function strip(file, extension) {
  if (extension === "") return file;
  return file.slice(0, file.length - extension.length);
}

function rewrite(importer, spec) {
  const target = resolve(importer, spec);
  if (!target) return spec;
  const newImporter = destination(importer);
  const newTarget = destination(target.file);
  if (newImporter === importer && newTarget === target.file) return spec;
  const bare = strip(newTarget, target.extension);
  if (spec.startsWith("@/")) return `@/${bare}`;
  let relative = path.posix.relative(path.posix.dirname(newImporter), bare);
  if (!relative.startsWith(".")) relative = `./${relative}`;
  const ups = relative.split("/").filter((part) => part === "..").length;
  const sameTree =
    newImporter.split("/").slice(0, 2).join("/") === bare.split("/").slice(0, 2).join("/");
  if (ups > 1 || (ups === 1 && !sameTree)) return `@/${bare}`;
  return relative;
}

const PATTERNS = [
  /(\bfrom\s*)(["'])([^"']+)\2/g,
  /(\bimport\s*)(["'])([^"']+)\2/g,
  /(\bimport\(\s*)(["'])([^"']+)\2/g,
  /(\bvi\.(?:mock|doMock|unmock|importActual)\(\s*)(["'])([^"']+)\2/g,
  /(\brequire\(\s*)(["'])([^"']+)\2/g,
  /(\bnew URL\(\s*)(["'])([^"']+)\2(?=\s*,\s*import\.meta\.url)/g,
];
let changedFiles = 0;
for (const file of tracked) {
  if (!/\.(ts|tsx|mts|mjs|js|cjs)$/.test(file)) continue;
  const before = readFileSync(file, "utf8");
  let after = before;
  for (const pattern of PATTERNS) {
    after = after.replace(
      pattern,
      (whole, head, quote, spec) => `${head}${quote}${rewrite(file, spec)}${quote}`,
    );
  }
  if (after !== before) {
    writeFileSync(file, after);
    changedFiles += 1;
  }
}

for (const [from, to] of moves) {
  mkdirSync(path.dirname(to), { recursive: true });
  execFileSync("git", ["mv", from, to]);
}
console.log(`moved ${moves.length} files, rewrote imports in ${changedFiles}`);

// Paths in other tracked files that a person should look at.
const mentions = [];
for (const file of execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0")) {
  if (!file || !existsSync(file) || /\.(png|jpg|woff2?|ttf|otf|pdf|ico|lock)$/.test(file)) continue;
  if (
    file === "package-lock.json" ||
    file.startsWith("drizzle/") ||
    file.includes("/migrations/meta/")
  )
    continue;
  const text = readFileSync(file, "utf8");
  for (const [from] of moves) {
    const stem = from.replace(/\.(ts|tsx|mts|mjs)$/, "");
    if (text.includes(stem)) mentions.push(`${file}: ${from}`);
  }
}
if (mentions.length > 0) {
  console.log(
    `\nold paths still written in ${new Set(mentions.map((m) => m.split(":")[0])).size} files:`,
  );
  for (const mention of [...new Set(mentions)].slice(0, 400)) console.log(`  ${mention}`);
}
