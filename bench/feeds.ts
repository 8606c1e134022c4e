// The aggregator feed (/feeds/jobs.xml) on a freshly seeded board in PGlite: the first build,
// which renders and stores every description the seed left unrendered, then a second build that
// reads them stored. Prints both in seconds with the feed's size.
// Usage: npx tsx bench/feeds.ts [--jobs 1400] [--runs 3]
import { performance } from "node:perf_hooks";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { seedSampleBoard } from "@/lib/server/sample-board/seed";
import { writeAggregatorFeed } from "@/features/feeds/server/aggregator-feed";
import { storeDescriptionHtml } from "@/features/listings/server/listing-state";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const jobCount = arg("jobs", 1400);
const runs = arg("runs", 3);

async function build(handle: ReturnType<typeof connectPglite>) {
  let bytes = 0;
  const started = performance.now();
  await writeAggregatorFeed(
    handle.db,
    "https://example.com",
    (chunk) => {
      bytes += Buffer.byteLength(chunk);
    },
    storeDescriptionHtml,
  );
  return { seconds: (performance.now() - started) / 1000, bytes };
}

async function main() {
  const cold: number[] = [];
  const warm: number[] = [];
  let size = 0;
  for (let run = 0; run < runs; run++) {
    const handle = connectPglite();
    await handle.migrate();
    await seedSampleBoard(handle.db, {
      jobs: jobCount,
      companies: Math.max(800, Math.round(jobCount / 20)),
      now: new Date(),
    });
    const first = await build(handle);
    const second = await build(handle);
    cold.push(first.seconds);
    warm.push(second.seconds);
    size = second.bytes;
    await handle.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  console.log(`jobs seeded: ${jobCount}; feed: ${(size / 1e6).toFixed(1)} MB; runs: ${runs}`);
  console.log(`first build (descriptions rendered and stored): ${median(cold).toFixed(2)} s`);
  console.log(`second build (descriptions stored):             ${median(warm).toFixed(2)} s`);
  console.log(`first / second: ${(median(cold) / median(warm)).toFixed(1)}x`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
