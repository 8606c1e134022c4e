// The fixed load the benchmarks put on a production server before they read it (issue 67):
// bench/memory.mjs (the resident set after it) and bench/versus-peer.mjs (ours and WP Job
// Manager side by side after it). After a warm-up of every kind of page and call a visitor makes:
// unique keyword searches as the peer comparison sends them (20 connections for --search seconds,
// every request a new `/?q=<word> <n>`), a crawl of every URL in /sitemap.xml (and its child
// sitemaps), and a burst of applications (--candidates new Auth-emulator accounts, each uploading
// a CV and applying to --applies listings that take applications on the board). The
// applications need a Firebase Auth emulator on 127.0.0.1:9189, the benchmarks' own (authEmulator
// starts one unless one is listening there); without it they are left out and the result says
// so. Not the tests' 9199: a benchmark that stopped the emulator it had started stopped the one a
// test run beside it had found listening and was using.
//
// Options read from the command line: --rounds (warm-up rounds, 20), --search (seconds, 8),
// --candidates (10), --applies (5).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import PDFDocument from "pdfkit";
import { numberArg } from "./production-server.mjs";

const rounds = numberArg("rounds", 20);
const searchSeconds = numberArg("search", 8);
const candidates = numberArg("candidates", 10);
const appliesEach = numberArg("applies", 5);
export const AUTH_EMULATOR_HOST = "127.0.0.1:9189";
/** The benchmarks' emulator's ports: none of them the tests' (firebase.json: 9199, 9299, 9399). */
const EMULATOR_PORTS = { auth: 9189, hub: 9289, logging: 9389 };

/** A fixed warm-up: every kind of page and call a visitor makes, `rounds` times, four at a time. */
export async function warmUp(origin) {
  const jobs = await (await fetch(`${origin}/api/jobs?per_page=20`)).json();
  const jobPaths = jobs.jobs.map((job) => `/jobs/${job.id}`);
  const words = ["editor", "design", "youtube", "manager", "video", "tiktok", "brand", "remote"];
  const paths = (round) => [
    "/",
    `/?q=${words[round % words.length]}`,
    `/api/jobs?q=${words[(round + 3) % words.length]}`,
    "/departments/design",
    "/regions/remote",
    "/types/full-time",
    jobPaths[round % jobPaths.length],
    "/talent",
    "/pricing",
    "/blog",
    "/creator-economy-hiring-trends-report",
    "/salaries",
    "/sitemap.xml",
    "/robots.txt",
    "/api/og/page/home.png",
    "/pdfs/privacy",
  ];
  const failed = new Set();
  for (let round = 0; round < rounds; round += 1) {
    const list = paths(round);
    for (let i = 0; i < list.length; i += 4) {
      await Promise.all(
        list.slice(i, i + 4).map((path) =>
          fetch(origin + path, { redirect: "follow" }).then(
            async (response) => {
              await response.arrayBuffer();
              if (!response.ok) failed.add(`${path} (${response.status})`);
            },
            () => failed.add(`${path} (no answer)`),
          ),
        ),
      );
    }
  }
  return { requests: rounds * paths(0).length, failed: [...failed] };
}

/** Runs `task` over `items`, `width` at a time. */
async function pool(items, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/** side-search.mjs's unique keyword searches: every request a new `/?q=<word> <n>`. */
async function searches(origin) {
  const words = ["editor", "youtube", "tiktok", "manager", "designer", "engineer", "remote"];
  words.push("video", "producer", "writer", "community", "brand", "growth", "podcast", "analyst");
  words.push("sales", "partnerships", "creator", "marketing", "ops");
  let i = 0;
  const result = await autocannon({
    url: origin,
    connections: 20,
    duration: searchSeconds,
    headers: { "accept-encoding": "br, gzip" },
    requests: [
      {
        setupRequest: (request) => {
          i += 1;
          const q = encodeURIComponent(`${words[i % words.length]} ${i}`);
          return { ...request, method: "GET", path: `/?q=${q}` };
        },
      },
    ],
  });
  return `${result.requests.total} searches (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} not 2xx)`;
}

/** Every URL of /sitemap.xml, and of its child sitemaps when it is an index, four at a time. */
export async function crawlSitemap(origin, failed) {
  const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const local = (url) => {
    const { pathname, search } = new URL(url.replace(/&amp;/g, "&"));
    return origin + pathname + search;
  };
  const root = await (await fetch(`${origin}/sitemap.xml`)).text();
  let pages = locs(root);
  if (/<sitemapindex/.test(root)) {
    const children = await Promise.all(
      pages.map(async (url) => locs(await (await fetch(local(url))).text())),
    );
    pages = children.flat();
  }
  await pool(pages, 4, async (url) => {
    const response = await fetch(local(url), { headers: { "accept-encoding": "br, gzip" } }).catch(
      () => null,
    );
    await response?.arrayBuffer();
    if (!response?.ok) failed.add(`${new URL(url).pathname} (${response?.status ?? "no answer"})`);
  });
  return `${pages.length} sitemap URLs`;
}

/** A real one-page PDF, as a candidate's CV. */
async function cvPdf() {
  const doc = new PDFDocument();
  const chunks = [];
  doc.on("data", (chunk) => chunks.push(chunk));
  doc.text("Ada Example: curriculum vitae. Video editor, five years.");
  doc.end();
  await new Promise((resolve) => doc.on("end", resolve));
  return Buffer.concat(chunks);
}

/** A Google sign-in token from the Auth emulator for a new person. */
async function emulatorToken(n) {
  const id = randomUUID().slice(0, 8);
  const person = { sub: `memory-${id}`, email: `memory-${id}@example.com`, name: `Candidate ${n}` };
  const response = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=any`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        postBody: `id_token=${JSON.stringify({ email_verified: true, ...person })}&providerId=google.com`,
        requestUri: "http://localhost",
        returnSecureToken: true,
      }),
    },
  );
  const { idToken } = await response.json();
  if (!idToken) throw new Error("the Auth emulator gave no token");
  return { token: idToken, name: person.name };
}

const emulatorReachable = () =>
  fetch(`http://${AUTH_EMULATOR_HOST}/`).then(
    () => true,
    () => false,
  );

/**
 * The benchmarks' Auth emulator, started as tests/global-setup.ts starts the tests' one, but on
 * ports of its own (a firebase.json in a folder of its own), unless one is listening there;
 * resolves with a function that stops the one started here.
 */
export async function authEmulator() {
  if (await emulatorReachable()) return () => {};
  const folder = mkdtempSync(join(tmpdir(), "bench-emulator-"));
  const host = "127.0.0.1";
  writeFileSync(
    join(folder, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { host, port: EMULATOR_PORTS.auth },
        hub: { host, port: EMULATOR_PORTS.hub },
        logging: { host, port: EMULATOR_PORTS.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const emulator = spawn(
    resolve("node_modules/.bin/firebase"),
    ["emulators:start", "--only", "auth", "--project", "demo-creator-jobs"],
    { cwd: folder, detached: true, stdio: "ignore" },
  );
  const stop = () => {
    try {
      process.kill(-emulator.pid, "SIGTERM");
    } catch {}
    rmSync(folder, { recursive: true, force: true });
  };
  process.on("exit", stop);
  for (let waited = 0; !(await emulatorReachable()) && waited < 90_000; waited += 250) {
    await sleep(250);
  }
  return stop;
}

/** Listings that take applications on the board now, with answers to their questions. */
async function boardListings(origin, count) {
  const found = [];
  for (let page = 1; found.length < count && page <= 20; page += 1) {
    const { jobs } = await (await fetch(`${origin}/api/jobs?per_page=50&page=${page}`)).json();
    if (jobs.length === 0) break;
    for (const { id } of jobs) {
      const job = await (await fetch(`${origin}/api/jobs/${id}`)).json();
      if (job.apply_method !== "board" || !job.accepting_applications) continue;
      const answers = Object.fromEntries(
        job.screening_questions.map((q) => [q.id, q.kind === "yes_no" ? "yes" : "Five years."]),
      );
      found.push({ id, answers });
      if (found.length === count) break;
    }
  }
  return found;
}

/** New candidates, each uploading a CV and applying to the same listings, five at a time. */
async function applications(origin, failed) {
  if (!(await emulatorReachable())) {
    return `no applications (no Auth emulator on ${AUTH_EMULATOR_HOST})`;
  }
  const listings = await boardListings(origin, appliesEach);
  const cv = await cvPdf();
  let sent = 0;
  const expect = async (what, response, status) => {
    await response.arrayBuffer();
    if (response.status !== status) failed.add(`${what} (${response.status})`);
    return response.status === status;
  };
  await pool(
    Array.from({ length: candidates }, (_, n) => n),
    5,
    async (n) => {
      const { token, name } = await emulatorToken(n);
      const authorization = `Bearer ${token}`;
      const upload = await fetch(`${origin}/api/profile/cv?name=cv.pdf`, {
        method: "PUT",
        headers: { authorization, "content-type": "application/pdf" },
        body: cv,
      });
      if (!(await expect("PUT /api/profile/cv", upload, 200))) return;
      for (const listing of listings) {
        const applied = await fetch(`${origin}/api/jobs/${listing.id}/applications`, {
          method: "POST",
          headers: { authorization, "content-type": "application/json" },
          body: JSON.stringify({
            full_name: name,
            headline: "Video editor",
            cover_note: "I would love to edit your videos.",
            answers: listing.answers,
          }),
        });
        if (await expect("POST /api/jobs/{id}/applications", applied, 201)) sent += 1;
      }
    },
  );
  return `${sent} applications from ${candidates} new candidates to ${listings.length} listings`;
}

/** The fixed load: searches, a crawl of the sitemap, a burst of applications, one after another. */
export async function fixedLoad(origin) {
  const failed = new Set();
  const done = [await searches(origin), await crawlSitemap(origin, failed)];
  done.push(await applications(origin, failed));
  return { done, failed: [...failed] };
}
