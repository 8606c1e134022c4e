// Can random query parameters bust the page cache? Measures, in one run against one production
// server, a cached page and the same page with a new unknown parameter on every request
// (`/?x=<random>`), and prints both rates and their ratio (the target is 0.8 or more). Then it
// checks that a page visitors keep asking for is still cached after a flood of such requests,
// and after a flood of distinct searches that each make a cache entry.
// Needs a production build (npm run build); starts its own server unless given --origin.
// Usage: node bench/cache-busting.mjs [--seconds 10] [--connections 20] [--port 3301 | --origin URL]
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { startProductionServer } from "./production-server.mjs";

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const seconds = Number(arg("seconds", 10));
const connections = Number(arg("connections", 20));
const port = Number(arg("port", 3301));
const given = arg("origin", null);

const { origin, stop } = given
  ? { origin: given, stop: () => {} }
  : await startProductionServer({ port, env: { DATA_DIR: "data/bench" } });

const headers = { "accept-encoding": "br, gzip" };
const cacheState = async (path) =>
  (await fetch(origin + path, { headers })).headers.get("x-page-cache") ?? "none";

async function measure(path, randomize, duration = seconds) {
  const run = await autocannon({
    url: origin + path,
    connections,
    duration,
    headers,
    requests: randomize
      ? [{ setupRequest: (request) => ({ ...request, path: randomize() }) }]
      : undefined,
  });
  return { rps: run.requests.average, p99: run.latency.p99, errors: run.errors + run.non2xx };
}

try {
  await fetch(origin + "/", { headers });
  // Both runs build each request the same way (setupRequest, a random token), so the load
  // generator, which shares the machine, does the same work in both and only the server differs.
  const token = () => randomBytes(8).toString("hex");
  await measure("/", () => (token(), "/"), 3); // warm-up: the JIT, connections, the cache
  const cached = await measure("/", () => (token(), "/"));
  const busted = await measure("/", () => `/?x=${token()}`);

  // A page visitors keep asking for, then a flood of one-off URLs: is it still served cached?
  const popular = "/departments/design";
  await fetch(origin + popular, { headers });
  await fetch(origin + popular, { headers });
  for (let i = 0; i < 1000; i++) {
    await fetch(`${origin}/?utm_source=${randomBytes(8).toString("hex")}`, { headers });
  }
  const after = await cacheState(popular);
  // Searches the page does read, each asked for once: every one renders and is stored, more
  // than the 2,000 entries the cache holds (a plain LRU would drop the popular page).
  for (let i = 0; i < 2500; i++) {
    await fetch(`${origin}/?q=${randomBytes(4).toString("hex")}`, { headers });
  }
  const afterSearches = await cacheState(popular);

  console.log(`autocannon: ${connections} connections, ${seconds} s each, against ${origin}\n`);
  console.log("target".padEnd(30), "req/s".padStart(9), "p99 ms".padStart(8), "errors".padStart(7));
  for (const [name, r] of [
    ["/ (cached)", cached],
    ["/?x=<random> each request", busted],
  ]) {
    console.log(
      name.padEnd(30),
      r.rps.toFixed(0).padStart(9),
      String(r.p99).padStart(8),
      String(r.errors).padStart(7),
    );
  }
  console.log(`\nrandom-parameter rate over cached rate: ${(busted.rps / cached.rps).toFixed(2)}`);
  console.log(`${popular} after 1,000 one-off URLs: ${after}`);
  console.log(`${popular} after 2,500 one-off searches (?q=): ${afterSearches}`);
} finally {
  await stop();
}
