// Prints where a test run's time went (--phases FILE, a "name<TAB>seconds" line per phase, and
// --total SECONDS) and one closing line for the whole run from the Vitest and Playwright JSON
// reports. Exits 1 when a test failed, none passed, or a report is missing.
import { existsSync, readFileSync } from "node:fs";

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const phasesFile = option("--phases");
const total = option("--total");

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
if (phasesFile && existsSync(phasesFile)) {
  const phases = readFileSync(phasesFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"))
    .map(([name, seconds]) => ({ name, seconds: Number(seconds) }));
  console.log("where the time went:");
  for (const { name, seconds } of phases) {
    console.log(`  ${minutes(seconds).padStart(6)}  ${name}`);
  }
  if (total !== undefined) console.log(`  ${minutes(Number(total)).padStart(6)}  in all`);
}

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
for (const file of args) {
  if (!existsSync(file)) {
    missing += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.stats && "expected" in report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
}
console.log(
  `tests: ${passed} passed, ${failed} failed, ${skipped} skipped` +
    (missing ? ` (${missing} of ${args.length} reports missing: a phase did not finish)` : ""),
);
process.exit(failed > 0 || passed === 0 || missing > 0 ? 1 : 0);
