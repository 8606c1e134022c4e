// The embedded database in the process or on its own thread (issue 67): what each statement
// costs the thread that renders pages (its event loop's busy time, from
// performance.eventLoopUtilization, per statement) and how long it waits, for trivial
// statements and for the board's keyword search on the sample board. Prints both ways in one run.
// Usage: npx tsx bench/pglite-thread.ts [--statements 2000] [--searches 200]
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type DatabaseHandle } from "@/lib/server/db/client";
import { connectPglite, connectPgliteThread } from "@/lib/server/db/pglite-client";
import { seedSampleBoard } from "@/lib/server/sample-board/seed";
import { searchJobs } from "@/features/jobs/server/job-search";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const statements = arg("statements", 2000);
const searches = arg("searches", 200);
const words = ["editor", "youtube", "tiktok", "manager", "designer", "video", "brand", "growth"];

/** This thread's busy ms and the wall ms of `work`, per item. */
async function measure(items: number, work: () => Promise<unknown>) {
  const loop = performance.eventLoopUtilization();
  const started = performance.now();
  await work();
  const wall = performance.now() - started;
  const busy = performance.eventLoopUtilization(loop).active;
  return { busyMs: busy / items, wallMs: wall / items };
}

async function run(name: string, handle: DatabaseHandle) {
  await handle.migrate(async () => void (await seedSampleBoard(handle.db)));
  const { db } = handle;
  for (let i = 0; i < 200; i++) await db.execute(sql`select ${i}::int as n`); // warm
  const oneByOne = await measure(statements, async () => {
    for (let i = 0; i < statements; i++) await db.execute(sql`select ${i}::int as n`);
  });
  const inFlight = await measure(statements, () =>
    Promise.all(
      Array.from({ length: statements }, (_, i) => db.execute(sql`select ${i}::int as n`)),
    ),
  );
  for (const word of words) await searchJobs(db, { q: word, page: 1, per_page: 20 }); // warm
  const latencies: number[] = [];
  const search = await measure(searches, async () => {
    for (let i = 0; i < searches; i++) {
      const started = performance.now();
      await searchJobs(db, { q: `${words[i % words.length]} ${i}`, page: 1, per_page: 20 });
      latencies.push(performance.now() - started);
    }
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  await handle.close();
  const f = (n: number) => n.toFixed(3);
  console.log(
    `${name.padEnd(10)} trivial one by one: busy ${f(oneByOne.busyMs)} ms, wall ${f(oneByOne.wallMs)} ms | ` +
      `${statements} in flight: busy ${f(inFlight.busyMs)} ms, wall ${f(inFlight.wallMs)} ms | ` +
      `search: busy ${f(search.busyMs)} ms, p50 ${f(at(0.5))} ms, p99 ${f(at(0.99))} ms`,
  );
  return { oneByOne, inFlight, search };
}

async function main() {
  const inProcess = await run("process", connectPglite());
  const onThread = await run("thread", await connectPgliteThread());
  console.log(
    `busy time on this thread, thread / process: trivial ${(onThread.oneByOne.busyMs / inProcess.oneByOne.busyMs).toFixed(2)}×, ` +
      `search ${(onThread.search.busyMs / inProcess.search.busyMs).toFixed(2)}×`,
  );
}

void main();
