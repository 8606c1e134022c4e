// What the JavaScript of a first visit is made of, module by module: for `/_app` (what every
// page loads), `/`, a department page and a job page, each chunk the page loads first (the build
// manifest's, as tests/build/first-load-js.ts counts them) and each chunk fetched while it loads
// (in Chromium, as Lighthouse counts scripts), with their bytes attributed to the sources they
// were built from: npm packages (Next.js by part), Turbopack's runtime, and our own files. Prints
// markdown tables sorted by weight. A benchmark, not a test: it exits 0 whatever the sizes.
//
// The attribution reads the browser source maps of a production build made for it: `next build`
// with ANALYZE_SOURCEMAPS=1 (next.config.ts), bundles built as a normal build's are, with their
// maps beside them, in .next/sourcemaps so that the normal build in .next is left as it is (a
// normal build deletes that folder again). The maps are read with @jridgewell/trace-mapping.
// Each file's bytes go to the source of the mapping they follow; bytes no mapping covers (the
// chunks' wrappers, module ids) are "(unmapped)". Sizes are raw (minified) and as the production
// server sends them (brotli, lib/server/http/compression.ts): each file's size as sent, shared out
// among its sources in proportion to each source's own text compressed alone. (Next.js 16.4's
// `next analyze` shows a route's modules too, but from a compilation of its own, in an
// interactive viewer whose data files are an internal binary format; this measures the build
// that is served.)
//
// Usage: node bench/js-modules.mjs [--no-build] [--port 3150] [--top 40] [--by module]
//   --no-build    reuse .next/sourcemaps (and dist/) from an earlier run
//   --port        where it starts dist/server.js, with its own data folder, data/bench-jsprofile
//                 (seeded on first start, about 40 s)
//   --top         rows per table (the rest are summed in one row)
//   --by module   one row per source file instead of per package
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import { decodedMappings, FlattenMap } from "@jridgewell/trace-mapping";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../scripts/chromium.mjs";
import { numberArg, startProductionServer } from "./production-server.mjs";

const DIST_DIR = ".next/sourcemaps";
const port = numberArg("port", 3150);
const top = numberArg("top", 40);
const byModule = process.argv[process.argv.indexOf("--by") + 1] === "module";
const ROUTES = ["/", "/departments/[department]", "/jobs/[jobId]"];
const UNMAPPED = "(unmapped)";
const PREFETCH = "prefetched (not counted)";
const ENTRY = /^__turbopack_load_page_chunks__\("([^"]+)"/;
// Lighthouse's default device: a Moto G Power's screen.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };

/** Runs a command with its output on stderr (stdout is for the tables); throws if it fails. */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    stdio: ["ignore", 2, 2],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/**
 * The production build with source maps, and the server. `next build` rewrites next-env.d.ts to
 * point at the build's types; it is put back as it was, for the normal build's.
 */
function build() {
  const envTypes = existsSync("next-env.d.ts") ? readFileSync("next-env.d.ts", "utf8") : null;
  try {
    run("node_modules/.bin/next", ["build"], { ANALYZE_SOURCEMAPS: "1" });
  } finally {
    if (envTypes === null) rmSync("next-env.d.ts", { force: true });
    else writeFileSync("next-env.d.ts", envTypes);
  }
  run("npm", ["run", "--silent", "build:server"]);
}

/** Brotli at the quality the production server uses (lib/server/http/compression.ts). */
function brotliSize(body) {
  return brotliCompressSync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 5,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;
}

/** A file's size as the production server sends it: compressed unless under 1 kB. */
function sentSize(body) {
  return body.length > 1024 ? brotliSize(body) : body.length;
}

/** As tests/build/first-load-js.ts: the files a first visit to `route` loads, each once. */
function firstLoadFiles(manifest, route) {
  const files = [
    ...(manifest.polyfillFiles ?? []),
    ...(manifest.rootMainFiles ?? []),
    ...(manifest.pages["/_app"] ?? []),
    ...(manifest.pages[route] ?? []),
    ...(manifest.lowPriorityFiles ?? []),
  ];
  return [...new Set(files)].filter((file) => file.endsWith(".js"));
}

/** A source map's source as a path from the project's folder, without Turbopack's prefixes. */
function sourcePath(source) {
  return decodeURIComponent(source)
    .replace(/^(turbopack|webpack|file):\/\/\//, "")
    .replace(/^\[project\]\//, "")
    .replace(`${process.cwd()}/`, "")
    .replace(/ \[[^\]]+\].*$/, "");
}

/**
 * The row a source counts in: its npm package (Next.js by part: client/…, shared/lib/<part>,
 * compiled/<package>), Turbopack's runtime, or our own file.
 */
function itemOf(path) {
  if (byModule || path.startsWith("(")) return path;
  if (path.startsWith("[turbopack]")) return "turbopack runtime";
  const at = path.lastIndexOf("node_modules/");
  if (at < 0) return path;
  const parts = path.slice(at + "node_modules/".length).split("/");
  const name = parts[0].startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  if (name !== "next") return name;
  let rest = parts.slice(1);
  // Next.js ships maps to its own sources: next/src/…, or next/dist/… where it has none.
  if (rest[0] === "dist" || rest[0] === "src") rest = rest.slice(1);
  if (rest[0] === "esm") rest = rest.slice(1);
  const depth = rest[0] === "shared" && rest[1] === "lib" ? 3 : 2;
  return `next: ${rest.slice(0, depth).join("/")}`;
}

/**
 * One built file's sources: for each, its bytes and its share of the file's size as sent. Files
 * without a map (the build manifests) count as one source of their own name.
 */
function analyseFile(file) {
  const path = join(DIST_DIR, file);
  const body = readFileSync(path);
  const sent = sentSize(body);
  const texts = new Map();
  const add = (source, text) => {
    if (!text) return;
    const list = texts.get(source);
    if (list) list.push(text);
    else texts.set(source, [text]);
  };
  const code = body.toString("utf8");
  // Turbopack names a map for its own content's hash, not the chunk's: the chunk's last line says.
  const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  const mapPath = mapName && join(dirname(path), mapName);
  if (mapPath && existsSync(mapPath)) {
    const map = new FlattenMap(JSON.parse(readFileSync(mapPath, "utf8")));
    const sources = map.sources.map((source) => (source ? sourcePath(source) : UNMAPPED));
    const mappings = decodedMappings(map);
    code.split("\n").forEach((line, index, lines) => {
      const segments = mappings[index] ?? [];
      let position = 0;
      segments.forEach((segment, k) => {
        const start = Math.max(segment[0], position);
        const end = Math.min(segments[k + 1]?.[0] ?? line.length, line.length);
        add(UNMAPPED, line.slice(position, start));
        add(segment.length > 1 ? sources[segment[1]] : UNMAPPED, line.slice(start, end));
        position = Math.max(position, end);
      });
      add(UNMAPPED, line.slice(position) + (index < lines.length - 1 ? "\n" : ""));
    });
  } else {
    // A build manifest, or a page's entry: Turbopack's list of the chunks of a page it loads.
    const route = ENTRY.exec(code)?.[1];
    add(route ? `(entry of ${route})` : `(${file.split("/").pop()})`, code);
  }
  const parts = [...texts].map(([source, list]) => {
    const text = Buffer.from(list.join(""));
    return { source, raw: text.length, alone: brotliSize(text) };
  });
  const alone = parts.reduce((sum, part) => sum + part.alone, 0);
  for (const part of parts) part.sent = alone ? (part.alone / alone) * sent : 0;
  return { file, raw: body.length, sent, parts };
}

/**
 * The scripts Chromium fetches while `url` loads, on a phone's screen: until the network has
 * been quiet for half a second, and two seconds more (Lighthouse, too, waits for a quiet network).
 * Each with its resource type ("script", or "other" for a <link rel=prefetch>) and bytes as sent.
 */
async function scriptsFetched(browser, url) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const fetched = [];
  const pending = [];
  page.on("requestfinished", (request) => {
    const type = request.resourceType();
    if (type !== "script" && !new URL(request.url()).pathname.endsWith(".js")) return;
    pending.push(
      request.sizes().then((sizes) => {
        fetched.push({ url: request.url(), type, sent: sizes.responseBodySize });
      }),
    );
  });
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(2000);
    await Promise.all(pending);
    return fetched;
  } finally {
    await context.close();
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const line = (cells) => `| ${cells.join(" | ")} |`;

function printTable(header, rows) {
  console.log(line(header));
  console.log(line(header.map((_, i) => (i === 0 ? "---" : "---:"))));
  for (const row of rows) console.log(line(row));
  console.log();
}

/** Our own code, React, the framework (Next.js, its runtime and manifests) or another package. */
function kindOf(path) {
  // The chunks' wrappers, the manifests and the pages' entries are Turbopack's and Next.js's.
  if (path.startsWith("(") || path.startsWith("[turbopack]")) return "Next.js and Turbopack";
  const at = path.lastIndexOf("node_modules/");
  if (at < 0) return "our code";
  const name = path.slice(at + "node_modules/".length).split("/")[0];
  if (["react", "react-dom", "scheduler"].includes(name)) return "React";
  if (["next", "styled-jsx", "@swc"].includes(name)) return "Next.js and Turbopack";
  return "other npm packages";
}

/**
 * The page routes whose own code (beside `/_app`'s) includes `file`, per the build manifest, or
 * the route whose entry it is.
 */
function pagesListing(file) {
  if (manifest.pages["/_app"].includes(file)) return "/_app";
  const listing = Object.keys(manifest.pages).filter((route) =>
    manifest.pages[route].includes(file),
  );
  const entry = analysed(file)?.parts[0]?.source.match(/^\(entry of (.+)\)$/)?.[1];
  if (entry) return `entry of ${entry}`;
  return listing.length > 3 ? `${listing.slice(0, 3).join(", ")} …` : listing.join(", ");
}

/** Sums the parts of `files` by `key`, as sent at first load and later, heaviest first. */
function sumBy(files, key) {
  const rows = new Map();
  for (const file of files) {
    const first = file.kind === "first load";
    for (const part of analysed(file.file)?.parts ?? []) {
      const name = key(part.source);
      const row = rows.get(name) ?? { name, raw: 0, first: 0, later: 0 };
      row.raw += part.raw;
      if (first) row.first += part.sent;
      else row.later += part.sent;
      rows.set(name, row);
    }
  }
  return [...rows.values()].sort((a, b) => b.first + b.later - (a.first + a.later));
}

/** The table's cells for one row of sumBy. */
const cells = (row, all) => [
  row.name,
  kb(row.first + row.later),
  `${(((row.first + row.later) / all) * 100).toFixed(1)} %`,
  row.first ? kb(row.first) : "",
  row.later ? kb(row.later) : "",
  kb(row.raw),
];
const SIZES = ["sent kB", "share", "first load kB", "while loading kB", "raw kB"];

/**
 * One page's profile: its files (first load, fetched while loading, prefetched), its code by
 * kind, then by source (package, Next.js part or own file), heaviest as sent first.
 */
function printProfile(title, files) {
  const counted = files.filter((file) => file.kind !== PREFETCH);
  const total = (kind) =>
    counted
      .filter((file) => kind === undefined || file.kind === kind)
      .reduce((sum, file) => sum + file.sent, 0);
  const all = total();
  console.log(`## ${title}\n`);
  console.log(
    `first load ${kb(total("first load"))} kB, fetched while loading ` +
      `${kb(total("while loading"))} kB, in all ${kb(all)} kB sent (brotli), in ` +
      `${counted.length} files\n`,
  );
  printTable(
    ["file", "loaded", "page code of", "raw kB", "sent kB", "sent kB (Chromium)"],
    files.map((file) => [
      file.file,
      file.kind,
      pagesListing(file.file),
      kb(file.raw),
      kb(file.sent),
      file.measured >= 0 ? kb(file.measured) : "",
    ]),
  );
  printTable(
    ["kind", ...SIZES],
    sumBy(counted, kindOf).map((row) => cells(row, all)),
  );

  const sorted = sumBy(counted, itemOf);
  const rest = sorted.slice(top);
  const sum = (key) => rest.reduce((total, row) => total + row[key], 0);
  const more = {
    name: `${rest.length} more`,
    raw: sum("raw"),
    first: sum("first"),
    later: sum("later"),
  };
  printTable(
    ["#", "source", ...SIZES],
    [
      ...sorted.slice(0, top).map((row, i) => [String(i + 1), ...cells(row, all)]),
      ...(rest.length ? [["", ...cells(more, all)]] : []),
    ],
  );
}

if (!process.argv.includes("--no-build")) build();
const manifest = JSON.parse(readFileSync(join(DIST_DIR, "build-manifest.json"), "utf8"));
const cache = new Map();
const analysed = (file) => {
  if (!existsSync(join(DIST_DIR, file))) return null;
  if (!cache.has(file)) cache.set(file, analyseFile(file));
  return cache.get(file);
};

const appFiles = firstLoadFiles(manifest, "/_app").map((file) => ({
  ...analysed(file),
  kind: "first load",
}));
printProfile("/_app: what every page loads first (build manifest)", appFiles);

const server = await startProductionServer({
  port,
  env: { ANALYZE_SOURCEMAPS: "1", DATA_DIR: "data/bench-jsprofile" },
  probe: "/favicon.svg",
});
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const { origin } = server;
  const { jobs } = await (await fetch(`${origin}/api/jobs?department=design`)).json();
  const job = jobs?.[0];
  if (!job) throw new Error("no design job listed: is the board seeded?");
  const paths = {
    "/": "/",
    "/departments/[department]": "/departments/design",
    "/jobs/[jobId]": `/jobs/${job.id}-${job.slug}`,
  };
  for (const route of ROUTES) {
    const url = origin + paths[route];
    // The first render of a page fills the server's caches, as on a running board.
    await fetch(url).then((response) => response.arrayBuffer());
    const fetched = await scriptsFetched(browser, url);
    const first = new Set(firstLoadFiles(manifest, route));
    const files = [...first].map((file) => ({ ...analysed(file), kind: "first load" }));
    for (const script of fetched) {
      const { pathname } = new URL(script.url);
      const file = pathname.startsWith("/_next/") ? pathname.slice("/_next/".length) : null;
      const known = files.find((entry) => entry.file === file);
      if (known) {
        known.measured = script.sent;
        continue;
      }
      const built = file && analysed(file);
      files.push({
        ...(built ?? { file: script.url, raw: script.sent, sent: script.sent }),
        measured: script.sent,
        kind: script.type === "script" ? "while loading" : PREFETCH,
      });
    }
    printProfile(`${route} (${paths[route]})`, files);
  }
} finally {
  await browser.close();
  await server.stop();
}
