// Lighthouse 13 on a phone: the six pages of issue 15, each run 3 times with Lighthouse's default
// config (mobile: a Moto G Power's screen, simulated slow 4G and a 4× slower CPU), in Debian's
// Chromium. Prints, per page, the median of each column over the runs: the four category scores,
// FCP, LCP, TBT (and what the page's own tasks give from their wall and processor time: see pageWork) and CLS, and the JavaScript the page itself loads (the scripts its HTML names) as transferred
// (compressed) and the number of script files. Needs a production build (npm run build) unless
// it is given a running server. A benchmark, not a test: it exits 0 whatever the scores.
//
// Usage:
//   node bench/lighthouse.mjs                        starts dist/server.js on port 3460 with its own
//                                                    data folder, data/bench-lighthouse (seeded on
//                                                    first start)
//   node bench/lighthouse.mjs http://127.0.0.1:3000  a running server (or BASE_URL=...)
// Options: --runs 3 --port 3460 --throttling devtools (default: simulate) --paths /,/blog
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunchOptions } from "../scripts/chromium.mjs";
import { numberArg, startProductionServer } from "./production-server.mjs";

const runs = numberArg("runs", 3);
// --throttling devtools: a real 4x slower CPU and a throttled network, applied while the page
// loads, instead of Lighthouse's simulation (whose figures depend on the browser build).
const throttlingArg = process.argv.indexOf("--throttling");
const throttlingMethod = throttlingArg > 0 ? process.argv[throttlingArg + 1] : "simulate";
const pathsArg = process.argv.indexOf("--paths");
const onlyPaths = pathsArg > 0 ? process.argv[pathsArg + 1].split(",") : null;
const port = numberArg("port", 3460);
const given = process.argv.slice(2).find((arg) => /^https?:\/\//.test(arg)) ?? process.env.BASE_URL;

const server = given
  ? { origin: new URL(given).origin, stop: async () => {} }
  : await startProductionServer({
      port,
      env: { DATA_DIR: "data/bench-lighthouse" },
      probe: "/favicon.svg",
    });

/**
 * One Lighthouse run of `url` in a Chromium of its own (as the CLI does): the report (lhr). A run
 * that fails to record its trace (NO_NAVSTART and the like, on a busy machine) is run again.
 */
async function audit(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(`${error.message}: running it again\n`);
    }
  }
}

async function auditOnce(url) {
  const chrome = await launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ["--headless=new", ...chromiumLaunchOptions.args],
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      throttlingMethod,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) {
      throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    }
    return { lhr: result.lhr, trace: result.artifacts.Trace };
  } finally {
    await chrome.kill();
  }
}

/**
 * The page's own work, from the trace: the blocking time its renderer's main-thread tasks would
 * give on a 4× slower CPU (each task's time over 50 ms, summed over the whole load, as
 * Lighthouse's simulation counts the tasks after its simulated first paint), once from their
 * wall time (`dur`, what the simulation multiplies) and once from their processor time
 * (`tdur`). On a 2-core machine a task's wall time also holds the time the renderer waited for
 * a core while Lighthouse and Chromium's other processes ran: `offCpu` is that share of the long
 * tasks' wall time. A diagnostic beside the score, not a score.
 */
function pageWork(trace) {
  const events = trace?.traceEvents ?? [];
  // The page's renderer: the main thread that parsed its HTML (in a frame: Chromium's own
  // WebUI renderer parses HTML fragments outside any).
  const parses = new Map();
  for (const event of events) {
    if (event.name !== "ParseHTML" || event.ph !== "X" || !event.args?.beginData?.frame) continue;
    const thread = `${event.pid}:${event.tid}`;
    parses.set(thread, (parses.get(thread) ?? 0) + 1);
  }
  const main = [...parses].sort((a, b) => b[1] - a[1])[0]?.[0];
  let wallTbt = 0;
  let cpuTbt = 0;
  let longWall = 0;
  let longCpu = 0;
  for (const event of events) {
    if (event.ph !== "X" || event.name !== "RunTask") continue;
    if (`${event.pid}:${event.tid}` !== main) continue;
    const wallMs = event.dur / 1000;
    const cpuMs = (event.tdur ?? event.dur) / 1000;
    wallTbt += Math.max(0, wallMs * 4 - 50);
    cpuTbt += Math.max(0, cpuMs * 4 - 50);
    if (wallMs * 4 > 50) {
      longWall += wallMs;
      longCpu += cpuMs;
    }
  }
  return { wallTbt, cpuTbt, offCpu: longWall > 0 ? 1 - longCpu / longWall : 0 };
}

/** The figures of one run: scores out of 100, times in ms, bytes as transferred. */
function figures({ lhr, trace }, firstLoad) {
  const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  // The scripts the page's HTML names (Next.js's, asked for by the loader of pages/_document.tsx
  // after the first paint), not what Next.js prefetches afterwards for the links it shows.
  const network = lhr.audits["network-requests"]?.details;
  const allScripts = (network?.items ?? []).filter((item) => item.resourceType === "Script");
  const scripts = allScripts.filter((item) => firstLoad.has(new URL(item.url).pathname));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    ...pageWork(trace),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    tti: metric("interactive"),
    jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    // Every script fetched while the page loads, as Lighthouse counts it (lazy chunks too).
    allJsBytes: allScripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    allJsFiles: allScripts.length,
    // Scripts the page fetched into the cache without running them (lib/page-start.ts).
    prefetchedJsBytes: (network?.items ?? [])
      .filter((item) => item.resourceType !== "Script" && /\.js(\?|$)/.test(item.url))
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

try {
  const { origin } = server;
  /** The first design job's page, from the board's API (only when "a job page" is asked for). */
  const jobPage = async () => {
    const jobs = await (await fetch(`${origin}/api/jobs?department=design`)).json();
    const job = jobs.jobs?.[0];
    if (!job) throw new Error("no design job listed: is the board seeded?");
    return `/jobs/${job.id}-${job.slug}`;
  };
  const allPages = ["/", "/departments/design", "a job page", "/blog", "/talent", "/pricing"];
  // --paths names pages of the list above, or any other path of the site (or of another site,
  // such as the peer's: `node bench/lighthouse.mjs http://127.0.0.1:8088 --paths /jobs/`).
  const pages = await Promise.all(
    (onlyPaths ?? allPages).map(async (name) => [
      name,
      name === "a job page" ? await jobPage() : name,
    ]),
  );
  // Warm up: the first render of each page fills the server's caches, as on a running board.
  for (const [, path] of pages) {
    await fetch(origin + path, { headers: { "accept-encoding": "br, gzip" } }).then((r) =>
      r.arrayBuffer(),
    );
  }

  const rows = [];
  for (const [name, path] of pages) {
    // What the page's HTML names: Next.js's script tags, or the after-paint loader's list.
    const html = await (await fetch(origin + path)).text();
    const firstLoad = new Set([...html.matchAll(/"(\/_next\/[^"]+\.js)"/g)].map((m) => m[1]));
    const results = [];
    for (let run = 0; run < runs; run++) {
      const audited = await audit(origin + path);
      const { lhr } = audited;
      results.push(figures(audited, firstLoad));
      if (run === 0 && name === pages[0][0]) {
        console.log(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent}`);
        console.log(`${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod}\n`);
      }
      process.stderr.write(`${path} run ${run + 1}: ${results.at(-1).performance}\n`);
    }
    const m = (key) => median(results.map((result) => result[key]));
    rows.push([
      name,
      `${m("performance")} / ${m("accessibility")} / ${m("bestPractices")} / ${m("seo")}`,
      `${(m("fcp") / 1000).toFixed(2)} s`,
      `${(m("lcp") / 1000).toFixed(1)} s`,
      `${Math.round(m("tbt"))} ms`,
      `${Math.round(m("wallTbt"))} / ${Math.round(m("cpuTbt"))} ms (${Math.round(m("offCpu") * 100)}%)`,
      `${(m("tti") / 1000).toFixed(1)} s`,
      m("cls").toFixed(3),
      `${(m("jsBytes") / 1024).toFixed(1)} kB`,
      String(m("jsFiles")),
      `${(m("allJsBytes") / 1024).toFixed(1)} kB`,
      String(m("allJsFiles")),
      `${(m("prefetchedJsBytes") / 1024).toFixed(1)} kB`,
    ]);
  }

  console.log(`median of ${runs} runs per page, each column on its own; ${origin}\n`);
  const header = [
    "page",
    "perf / a11y / best practices / SEO",
    // TBT counts only the tasks after the first paint: a page that paints later has fewer.
    "FCP",
    "LCP",
    "TBT",
    "the page's tasks ×4 over 50 ms: wall / CPU time (long tasks' wall time off the CPU)",
    "TTI",
    "CLS",
    "JS the HTML names (sent)",
    "files",
    "all JS while loading (sent)",
    "files",
    "JS prefetched, not run (sent)",
  ];
  const line = (cells) => `| ${cells.join(" | ")} |`;
  console.log(line(header));
  console.log(line(header.map(() => "---")));
  for (const row of rows) console.log(line(row));
} finally {
  await server.stop();
}
