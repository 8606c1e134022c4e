// Seeds the sample board into the app's database (DATABASE_URL, else PGlite under DATA_DIR).
// Usage: npx tsx scripts/seed.ts [--jobs 100000] [--companies 5000] [--now 2026-01-31] [--reset] [--traffic [days]]
//   --reset  deletes every job and company first (and the sample candidates, their CVs too)
//   --now    the date the board is "as of" (open jobs expire after it); default today, as the server seeds it
//   --traffic  also fills the year (or the days given) up to --now with synthetic traffic and searches
//              (site_stats, search_stats: issue 65's dashboard), on a board seeded already too, and
//              builds the analytics funnel's daily roll-up (funnel_daily) of those days from the board
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { connectPostgres } from "@/lib/server/db/client";
import { connectPglite } from "@/lib/server/db/pglite-client";
import type { SampleBoardOptions } from "@/lib/server/sample-board/generate";
import { clearSampleBoard, isDatabaseEmpty, seedSampleBoard } from "@/lib/server/sample-board/seed";
import { seedFunnelRollUp, seedSampleTraffic } from "@/lib/server/sample-board/traffic";
import { readServerEnv } from "@/lib/server/env";

function readOptions(): { board: SampleBoardOptions; reset: boolean; traffic: number | null } {
  const { values, tokens } = parseArgs({
    tokens: true,
    allowPositionals: true,
    options: {
      traffic: { type: "boolean", default: false },
      jobs: { type: "string" },
      companies: { type: "string" },
      now: { type: "string" },
      reset: { type: "boolean", default: false },
    },
  });
  const count = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) {
      throw new Error(`--${name} must be a positive whole number, not "${value}"`);
    }
    return parsed;
  };
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (now && Number.isNaN(now.getTime()))
    throw new Error(`--now must be a date, not "${values.now}"`);
  return {
    board: {
      jobs: count("jobs", values.jobs),
      companies: count("companies", values.companies),
      now,
    },
    reset: values.reset,
    traffic: values.traffic ? trafficDays(tokens) : null,
  };
}

/** The days after --traffic (a positional number right after it), or a year. */
function trafficDays(tokens: ReturnType<typeof parseArgs>["tokens"] = []): number {
  const at = tokens.findIndex((token) => token.kind === "option" && token.name === "traffic");
  const next = tokens[at + 1];
  if (next?.kind !== "positional") return 365;
  const days = Number(next.value);
  if (!Number.isInteger(days) || days < 1 || days > 3_650) {
    throw new Error(`--traffic takes a number of days (1 to 3650), not "${next.value}"`);
  }
  return days;
}

async function main() {
  const { board, reset, traffic } = readOptions();
  const env = readServerEnv();
  const handle = env.DATABASE_URL ? connectPostgres(env.DATABASE_URL) : connectPglite(env.DATA_DIR);
  const target =
    handle.kind === "postgres" ? "PostgreSQL at DATABASE_URL" : `PGlite at ${env.DATA_DIR}`;
  try {
    await handle.migrate();
    if (reset) {
      await clearSampleBoard(handle.db);
      console.log(`Deleted every job and company in ${target}.`);
    }
    if (!(await isDatabaseEmpty(handle.db))) {
      console.log(`${target} already has jobs; no board seeded (--reset replaces them).`);
    } else {
      const started = performance.now();
      const counts = await seedSampleBoard(handle.db, board);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Seeded ${counts.companies} companies, ${counts.jobs} jobs, ${counts.candidates} candidates and their ${counts.applications} applications into ${target} in ${seconds} s.`,
      );
    }
    // After the board: the funnel's roll-up is built from its listings and applications.
    if (traffic !== null) {
      const started = performance.now();
      const rows = await seedSampleTraffic(handle.db, { now: board.now, days: traffic });
      const funnelRows = await seedFunnelRollUp(handle.db, { now: board.now, days: traffic });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Seeded ${traffic} days of traffic (${rows.siteRows} site_stats and ${rows.searchRows} search_stats rows) and the funnel's roll-up (${funnelRows} funnel_daily rows) into ${target} in ${seconds} s.`,
      );
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
