// What a first visit (an empty cache) to each page transfers, measured in Chromium: every byte on
// the wire (headers and bodies, compressed as sent, Chrome DevTools Protocol's encodedDataLength)
// from the navigation until the network has been quiet for a while, with nobody touching the page.
// So it counts what a page fetches after its load on its own (a prefetch, a lazy list, a
// beacon), and not what only a visitor's first press would fetch. Split into the document,
// scripts (run or only fetched into the cache), CSS, fonts, images and the rest. A benchmark, not
// a test: it exits 0 whatever the sizes.
//
// Usage:
//   node bench/first-visit.mjs                        starts dist/server.js (npm run build first)
//                                                     on --port (3470) with its own data folder,
//                                                     data/bench-first-visit (seeded on first start)
//   node bench/first-visit.mjs http://127.0.0.1:3000  a running server (or BASE_URL=...)
// Options: --port 3470 --paths /,/blog (any paths; "job" is the first design job's page)
//          --peer-url http://127.0.0.1:8088   the same for the peer's pages (docs/performance.md): its
//          job list (/jobs/, which fetches its listings after the load) and its first job's page
//          --peer-paths /jobs/,/job/x/        other peer pages
//          --phone                            a phone's screen (390×844, touch) instead of 1280×800
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../scripts/chromium.mjs";
import { numberArg, startProductionServer } from "./production-server.mjs";

const option = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const port = numberArg("port", 3470);
const phone = process.argv.includes("--phone");
const peerUrl = option("peer-url");
const given = process.argv.slice(2).find((arg) => /^https?:\/\//.test(arg) && arg !== peerUrl);
const base = given ?? process.env.BASE_URL;
/** How long the network must be quiet before a visit is taken as done. */
const QUIET_MS = 2000;
const KINDS = ["document", "script", "css", "font", "image", "other"];

/** The kind of a response, by what DevTools says it is, else by its type and address. */
function kindOf(type, mimeType, url) {
  if (type === "Document") return "document";
  if (type === "Script" || /javascript/.test(mimeType) || /\.m?js(\?|$)/.test(url)) return "script";
  if (type === "Stylesheet" || /text\/css/.test(mimeType) || /\.css(\?|$)/.test(url)) return "css";
  if (type === "Font" || /font/.test(mimeType) || /\.(woff2?|ttf|otf)(\?|$)/.test(url))
    return "font";
  if (type === "Image" || /^image\//.test(mimeType)) return "image";
  return "other";
}

/** One first visit of `url` in a context of its own: bytes per kind, and each response. */
async function visit(browser, url) {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
    const responses = new Map();
    let last = Date.now();
    let inFlight = 0;
    cdp.on("Network.requestWillBeSent", () => {
      inFlight++;
      last = Date.now();
    });
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      responses.set(requestId, {
        url: response.url,
        kind: kindOf(type, response.mimeType ?? "", response.url),
        bytes: 0,
      });
    });
    const done = (requestId, bytes) => {
      inFlight = Math.max(0, inFlight - 1);
      last = Date.now();
      const response = responses.get(requestId);
      if (response) response.bytes = bytes;
    };
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) =>
      done(requestId, encodedDataLength),
    );
    cdp.on("Network.loadingFailed", ({ requestId }) => done(requestId, 0));
    await page.goto(url, { waitUntil: "load" });
    // Until nothing has been asked for or answered for QUIET_MS (a prefetch after the load, the
    // peer's listings asked for by its script), at most 20 s.
    const started = Date.now();
    while (Date.now() - started < 20_000 && (inFlight > 0 || Date.now() - last < QUIET_MS)) {
      await page.waitForTimeout(100);
    }
    const totals = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
    for (const { kind, bytes } of responses.values()) totals[kind] += bytes;
    const links = await page.$$eval("a[href]", (anchors) => anchors.map((a) => a.href));
    return { totals, responses: [...responses.values()], links };
  } finally {
    await context.close();
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

function printTable(title, rows) {
  console.log(`\n${title}`);
  const header = ["page", "total", ...KINDS.map((kind) => `${kind}`), "requests"];
  const line = (cells) => `| ${cells.join(" | ")} |`;
  console.log(line(header));
  console.log(line(header.map(() => "---")));
  for (const { name, totals, count } of rows) {
    const total = KINDS.reduce((sum, kind) => sum + totals[kind], 0);
    console.log(line([name, kb(total), ...KINDS.map((kind) => kb(totals[kind])), String(count)]));
  }
}

async function measure(browser, origin, paths) {
  const rows = [];
  for (const [name, path] of paths) {
    const { totals, responses } = await visit(browser, new URL(path, origin).href);
    rows.push({ name, totals, count: responses.length });
    if (process.argv.includes("--verbose")) {
      for (const r of responses) console.error(`  ${kb(r.bytes).padStart(9)} ${r.kind} ${r.url}`);
    }
  }
  return rows;
}

const server = base
  ? { origin: new URL(base).origin, stop: async () => {} }
  : await startProductionServer({
      port,
      env: { DATA_DIR: "data/bench-first-visit", LOG_LEVEL: "warn" },
      probe: "/favicon.svg",
    });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const { origin } = server;
  const jobs = await (await fetch(`${origin}/api/jobs?department=design`)).json();
  const job = jobs.jobs?.[0];
  if (!job) throw new Error("no design job listed: is the board seeded?");
  const named = {
    job: ["a job page", `/jobs/${job.id}-${job.slug}`],
    department: ["a department", "/departments/design"],
  };
  const wanted = option("paths")?.split(",") ?? ["/", "job", "/pricing", "department", "/blog"];
  const paths = wanted.map((path) => named[path] ?? [path, path]);
  // Warm up: the first render of each page fills the server's caches, as on a running board.
  for (const [, path] of paths) {
    await fetch(origin + path, { headers: { "accept-encoding": "br, gzip" } }).then((r) =>
      r.arrayBuffer(),
    );
  }
  const screen = phone ? "a phone's screen" : "a 1280×800 screen";
  printTable(
    `First visit, empty cache, ${screen}: bytes transferred (headers and bodies as sent, 1 kB = 1024 bytes), ${origin}`,
    await measure(browser, origin, paths),
  );

  if (peerUrl) {
    const peer = new URL(peerUrl).origin;
    let peerPaths = option("peer-paths")
      ?.split(",")
      .map((path) => [path, path]);
    if (!peerPaths) {
      // Its job list, then the first job that list shows once its script has fetched them.
      const list = await visit(browser, `${peer}/jobs/`);
      const jobLink = list.links.find((href) => /\/job\/[^/]+\/?$/.test(new URL(href).pathname));
      peerPaths = [["job list (/jobs/)", "/jobs/"]];
      if (jobLink) peerPaths.push(["a job page", new URL(jobLink).pathname]);
    }
    printTable(`The peer, the same way: ${peer}`, await measure(browser, peer, peerPaths));
  }
} finally {
  await browser.close();
  await server.stop();
}
