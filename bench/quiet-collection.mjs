// What the quiet collection (lib/server/http/idle-collector.ts) costs the person it hurts most:
// the visitor whose request arrives just as the server, quiet for 5 s, gives memory back. Asks
// for a page, waits the given time, asks for a job page and a results page, four times each,
// and prints how long the second request took: before the collection (4 s), as it starts (5 s),
// during it, and after (7 s). Also the server's RSS at the end.
//
//   npm run build && node bench/quiet-collection.mjs        (PGlite, a fresh data folder)
//
// Options: --port (default 3392), --rounds (default 4).
import { setTimeout as sleep } from "node:timers/promises";
import { numberArg, rssMb, withScratchServer } from "./production-server.mjs";

const port = numberArg("port", 3392);
const rounds = numberArg("rounds", 4);
const delays = [4_000, 5_000, 5_050, 5_120, 7_000];

await withScratchServer({ port, prefix: "quiet-bench-" }, async (server) => {
  const timed = async (path) => {
    const started = performance.now();
    const response = await fetch(server.origin + path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const { jobs } = await (await fetch(`${server.origin}/api/jobs?per_page=1`)).json();
  const jobPage = (await fetch(`${server.origin}/jobs/${jobs[0].id}`)).url.replace(
    server.origin,
    "",
  );
  const pages = { "a job page": jobPage, "a results page": "/?q=editor" };
  console.log(
    `| page | quiet for | ${[...Array(rounds).keys()].map((i) => `#${i + 1}`).join(" | ")} |`,
  );
  console.log(`| --- | --- | ${Array(rounds).fill("---").join(" | ")} |`);
  for (const [name, path] of Object.entries(pages)) {
    for (const delay of delays) {
      const times = [];
      for (let round = 0; round < rounds; round += 1) {
        // Some work first, so that the quiet spell that follows has something to collect.
        await timed(`/departments/design?round=${round}-${delay}`);
        await sleep(delay);
        times.push(await timed(path));
      }
      console.log(
        `| ${name} | ${delay / 1000} s | ${times.map((ms) => `${ms.toFixed(0)} ms`).join(" | ")} |`,
      );
    }
  }
  console.log(`RSS at the end: ${(rssMb(server.pid) ?? NaN).toFixed(0)} MB`);
});
