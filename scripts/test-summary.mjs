// Prints where a test run's time went (--phases FILE, a "name<TAB>seconds" line per phase, and
// --total SECONDS) and one closing line for the whole run from the Vitest and Playwright JSON
// reports. Exits 1 when a test failed, none passed, or a report is missing. With --server-log
// FILE (the browser tests' server's JSON log lines), a failed run also prints what that server
// warned of last: a queued job that failed shows there, not in the test that waited for it.
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
const serverLog = option("--server-log");

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

/** The last warnings and errors in the server's log, a line each. */
function serverWarnings(file, last = 20) {
  const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
  const entries = lines.flatMap((line) => {
    try {
      const entry = JSON.parse(line);
      return entry.level === "warn" || entry.level === "error" || entry.level === "fatal"
        ? [entry]
        : [];
    } catch {
      return [];
    }
  });
  if (entries.length === 0) return;
  console.log(
    `the browser tests' server's warnings and errors: ${entries.length}, the last ${Math.min(last, entries.length)} of them:`,
  );
  for (const { time, level, msg, queue, err } of entries.slice(-last)) {
    const error = err
      ? ` (${[err.code, String(err.message ?? "").split("\n")[0]].filter(Boolean).join(": ")})`
      : "";
    console.log(
      `  ${String(time).slice(11, 19)} ${level} ${queue ? `[${queue}] ` : ""}${msg}${error}`,
    );
  }
}

if (failed > 0 && serverLog && existsSync(serverLog)) serverWarnings(serverLog);
process.exit(failed > 0 || passed === 0 || missing > 0 ? 1 : 0);
