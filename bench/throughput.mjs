// Throughput of public pages over a static file from the same production server, in one run.
// Needs a production build (npm run build). Starts the server on its own port and data folder,
// warms each URL, then runs autocannon against each in turn and prints req/s and the ratio.
// Usage: node bench/throughput.mjs [--seconds 10] [--connections 50]
import autocannon from "autocannon";
import { numberArg, printResults, startProductionServer } from "./production-server.mjs";

const seconds = numberArg("seconds", 10);
const connections = numberArg("connections", 50);
const port = numberArg("port", 3300);

const { origin, stop } = await startProductionServer({ port, env: { DATA_DIR: "data/bench" } });
try {
  const jobs = await (await fetch(`${origin}/api/jobs?department=design`)).json();
  const job = jobs.jobs[0];
  const targets = [
    ["static file /favicon.svg", "/favicon.svg"],
    ["department page", "/departments/design"],
    ["filtered department page", "/departments/design?region=remote&type=full-time"],
    ["job page", `/jobs/${job.id}-${job.slug}`],
    ["home page", "/"],
    ["blog", "/blog"],
    ["blog post", "/posts/remote-work-in-the-creator-economy"],
    ["hiring report", "/creator-economy-hiring-trends-report-q3-25"],
    ["talent page", "/talent"],
  ];
  const results = [];
  for (const [name, path] of targets) {
    await fetch(origin + path);
    // As browsers ask: compressed. Uncompressed, big pages measure loopback bandwidth instead.
    const run = await autocannon({
      url: origin + path,
      connections,
      duration: seconds,
      headers: { "accept-encoding": "br, gzip" },
    });
    results.push({
      name,
      path,
      rps: run.requests.average,
      p99: run.latency.p99,
      errors: run.errors + run.non2xx,
    });
  }
  console.log(`autocannon: ${connections} connections, ${seconds} s per URL\n`);
  printResults(results);
} finally {
  await stop();
}
