#!/usr/bin/env node
// Each feature's entry points: the files of features/<name>/ that code outside it imports (other
// features, pages/, the shared composition roots, scripts and benchmarks; tests are left out), and
// who imports each. ESLint (eslint.config.mjs, house/feature-imports) reads the list from each
// feature's README, under "## Entry points": another feature may import those files and no others.
//   node scripts/feature-entry-points.mjs           prints where a README's list and the code differ
//   node scripts/feature-entry-points.mjs --write   redraws each README's "Entry points" section
// A file that another feature starts to import is added by hand or with --write, on purpose: it
// becomes part of what the feature promises to keep.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { importTarget } from "./import-target.mjs";

const write = process.argv.includes("--write");
const tracked = execFileSync(
  "git",
  ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
  {
    encoding: "utf8",
  },
)
  .split("\0")
  .filter(Boolean);
const trackedSet = new Set(tracked);

const resolve = (importer, spec) => importTarget(trackedSet, importer, spec)?.file ?? null;

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"']+)\1/g;
const isTest = (file) =>
  /(^|\/)tests\//.test(file) || file.startsWith("e2e/") || /\.test\.tsx?$/.test(file);

/** Who outside a feature imports a file of it: another feature's name, or the top folder. */
function importerName(file) {
  const parts = file.split("/");
  return parts[0] === "features" ? parts[1] : parts[0];
}

const usedBy = new Map(); // feature -> Map(file within feature -> Set(importer names))
for (const file of tracked) {
  if (!/\.(ts|tsx|mts|mjs)$/.test(file) || isTest(file)) continue;
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(file, match[2]);
    if (!target || !target.startsWith("features/")) continue;
    const feature = target.split("/")[1];
    const importer = importerName(file);
    if (importer === feature) continue;
    const files = usedBy.get(feature) ?? new Map();
    usedBy.set(feature, files);
    const names = files.get(target) ?? new Set();
    files.set(target, names);
    names.add(importer);
  }
}

const HEADING = "## Entry points";
const INTRO = [
  "What code outside this feature may import, and who does. Another feature may import these",
  "files and no others (ESLint reads this list: eslint.config.mjs, house/feature-imports);",
  "`node scripts/feature-entry-points.mjs --write` redraws it from the imports.",
].join("\n");

let differences = 0;
const features = [
  ...new Set(tracked.filter((f) => f.startsWith("features/")).map((f) => f.split("/")[1])),
]
  .filter((name) => trackedSet.has(`features/${name}/README.md`))
  .sort();
for (const feature of features) {
  const readme = `features/${feature}/README.md`;
  const text = readFileSync(readme, "utf8");
  const files = [...(usedBy.get(feature) ?? new Map()).entries()].sort(([a], [b]) =>
    a.localeCompare(b),
  );
  const bullets = files.map(
    ([file, names]) =>
      `- \`${file.slice(`features/${feature}/`.length)}\`: ${[...names].sort().join(", ")}`,
  );
  const section = `${HEADING}\n\n${INTRO}\n\n${bullets.length ? bullets.join("\n") : "None: only pages/ reach it."}\n`;
  const parts = text.split(/^(?=## )/m);
  const at = parts.findIndex((part) => part.startsWith(HEADING));
  const listed = new Set(
    at === -1 ? [] : [...parts[at].matchAll(/^- `([^`]+)`/gm)].map(([, file]) => file),
  );
  const wanted = files.map(([file]) => file.slice(`features/${feature}/`.length));
  const missing = wanted.filter((file) => !listed.has(file));
  const extra = [...listed].filter((file) => !wanted.includes(file));
  if (missing.length || extra.length) {
    differences += 1;
    if (!write) {
      if (missing.length) console.log(`${readme}: imported but not listed: ${missing.join(", ")}`);
      if (extra.length)
        console.log(`${readme}: listed but imported by nothing outside: ${extra.join(", ")}`);
    }
  }
  if (write) {
    const next = at === -1 ? [...parts, `\n${section}`] : parts.with(at, `${section}\n`);
    writeFileSync(
      readme,
      next
        .join("")
        .replace(/\n{3,}/g, "\n\n")
        .replace(/\n*$/, "\n"),
    );
  }
}
if (!write && differences === 0)
  console.log("Every feature's README lists its entry points as the code uses them.");
