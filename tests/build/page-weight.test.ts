// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { startsOnIntent } from "@/lib/page-start";
import {
  firstLoadFiles,
  firstLoadJs,
  firstVisits,
  type FirstVisit,
  readBuildManifest,
  type BuildManifest,
  type FirstLoad,
} from "./first-load-js";
import {
  FIRST_VISIT_ASSETS_KB,
  NO_SCRIPT,
  NOT_HTML,
  PAGE_BUDGETS,
  goalKb,
  roundUpKb,
} from "./page-budgets";

/*
 * Every page's first-load JavaScript, compressed as the server sends it, within its budget
 * (tests/build/page-budgets.ts). Reads the production build in .next, which scripts/test.sh
 * makes before it runs vitest: without one this fails, it does not skip.
 */

const NEXT_DIR = join(process.cwd(), ".next");
const kb = (bytes: number) => bytes / 1024;

let manifest: BuildManifest;
let pages: FirstLoad[];

beforeAll(() => {
  manifest = readBuildManifest(NEXT_DIR);
  pages = firstLoadJs(NEXT_DIR);
  const rows = pages.map(({ route, files, bytes }) => {
    const budget = PAGE_BUDGETS[route];
    const cells = [
      route.padEnd(44),
      `${kb(bytes).toFixed(1)} kB`.padStart(9),
      String(files.length).padStart(6),
      NOT_HTML.has(route)
        ? "not HTML".padStart(9)
        : NO_SCRIPT.has(route)
          ? "no script".padStart(9)
          : `${budget?.kb ?? "?"} kB`.padStart(9),
      `${goalKb(route)} kB`.padStart(8),
    ];
    // A ratchet: once a page is lighter, its budget follows it down (never below its goal).
    const lower = Math.max(goalKb(route), roundUpKb(bytes));
    if (budget && lower < budget.kb) cells.push(`  budget can go down to ${lower} kB`);
    return cells.join(" ");
  });
  console.log(
    [
      "First-load JavaScript per page, brotli as the server sends it (1 kB = 1024 bytes):",
      `${"page".padEnd(44)} ${"size".padStart(9)} ${"files".padStart(6)} ${"budget".padStart(9)} ${"goal".padStart(8)}`,
      ...rows,
    ].join("\n"),
  );
});

describe("first-load JavaScript per page", () => {
  it("counts what each built page's HTML loads", () => {
    // The prerendered pages' HTML, each naming its route in __NEXT_DATA__.
    const htmlFiles = (
      readdirSync(join(NEXT_DIR, "server", "pages"), { recursive: true }) as string[]
    ).filter((file) => file.endsWith(".html"));
    expect(htmlFiles.length).toBeGreaterThan(5);
    for (const file of htmlFiles) {
      const html = readFileSync(join(NEXT_DIR, "server", "pages", file), "utf8");
      const route = /"page":"([^"]+)"/.exec(html)?.[1];
      expect(route, file).toBeDefined();
      // Named by the loader that asks for them after the first paint (pages/_document.tsx).
      const loaded = [...html.matchAll(/"\/_next\/([^"]+\.js)"/g)].map((m) => m[1]);
      // Besides, a page that renders a next/dynamic component on the server names that chunk
      // too (react-query's provider on the profile area's shells, for one): not counted here.
      expect(loaded, file).toEqual(expect.arrayContaining(firstLoadFiles(manifest, route!)));
    }
  });

  it("has a budget for every page of the build, and none for a page that is gone", () => {
    const routes = pages.map((page) => page.route);
    const missing = pages
      .filter(({ route }) => !PAGE_BUDGETS[route] && !NOT_HTML.has(route) && !NO_SCRIPT.has(route))
      .map(
        ({ route, bytes }) =>
          `  ${JSON.stringify(route)}: { kb: ${Math.max(goalKb(route), roundUpKb(bytes))}, goal: ${goalKb(route)} },`,
      );
    expect(missing, "add these to PAGE_BUDGETS in tests/build/page-budgets.ts").toEqual([]);
    const gone = [...Object.keys(PAGE_BUDGETS), ...NOT_HTML, ...NO_SCRIPT].filter(
      (r) => !routes.includes(r),
    );
    expect(gone, "no such page in the build: remove from tests/build/page-budgets.ts").toEqual([]);
  });

  it("sends the pages said to have no script without one", () => {
    for (const route of NO_SCRIPT) {
      const source = readFileSync(join(process.cwd(), "pages", `${route}.tsx`), "utf8");
      expect(source, route).toMatch(/export const config = \{ unstable_runtimeJS: false \}/);
    }
  });

  it("writes beside each budget the goal for that kind of page", () => {
    const wrong = Object.entries(PAGE_BUDGETS)
      .filter(([route, budget]) => budget.goal !== goalKb(route))
      .map(([route, budget]) => `${route}: goal ${budget.goal}, should be ${goalKb(route)}`);
    expect(wrong).toEqual([]);
  });

  it("keeps every page within its budget", () => {
    const over = pages
      .filter(({ route, bytes }) => PAGE_BUDGETS[route] && kb(bytes) > PAGE_BUDGETS[route].kb)
      .map(
        ({ route, bytes }) =>
          `${route}: ${kb(bytes).toFixed(1)} kB, budget ${PAGE_BUDGETS[route]!.kb} kB`,
      );
    expect(over, "pages over their first-load JavaScript budget").toEqual([]);
  });
});

/**
 * A page whose first visit fetches no script: it starts on intent, or it has none. That the
 * loader then fetches nothing, not even into the cache, is tests/unit/page-start.test.ts's and
 * e2e/page-start.spec.ts's to show (those pages are rendered per request: the build has no HTML
 * of theirs to read).
 */
const noScriptOnArrival = (route: string) => startsOnIntent(route) || NO_SCRIPT.has(route);

describe("a first visit's bytes per page", () => {
  let visits: FirstVisit[];
  const assets = ({ scripts, css, fonts }: FirstVisit) => scripts + css + fonts;
  const budgetKb = (route: string) =>
    FIRST_VISIT_ASSETS_KB + (noScriptOnArrival(route) ? 0 : (PAGE_BUDGETS[route]?.kb ?? 0));

  beforeAll(() => {
    visits = firstVisits(NEXT_DIR, noScriptOnArrival, NOT_HTML);
    const size = (bytes: number) => `${kb(bytes).toFixed(1)} kB`.padStart(9);
    console.log(
      [
        "A first visit per page, before the visitor does anything: what the build decides, as sent",
        "(scripts run or fetched on arrival, CSS, preloaded fonts; the HTML where prerendered,",
        "else rendered per request; logos not counted: bench/first-visit.mjs measures a whole visit):",
        `${"page".padEnd(44)} ${"scripts".padStart(9)} ${"CSS".padStart(9)} ${"fonts".padStart(9)} ${"together".padStart(9)} ${"budget".padStart(9)} ${"HTML".padStart(9)}`,
        ...visits.map((visit) =>
          [
            visit.route.padEnd(44),
            size(visit.scripts),
            size(visit.css),
            size(visit.fonts),
            size(assets(visit)),
            `${budgetKb(visit.route)} kB`.padStart(9),
            visit.html === null ? "per request".padStart(11) : size(visit.html),
          ].join(" "),
        ),
      ].join("\n"),
    );
  });

  it("preloads the subset of Inter, not the whole Latin file", () => {
    const home = visits.find((visit) => visit.route === "/")!;
    expect(kb(home.fonts)).toBeGreaterThan(10);
    expect(kb(home.fonts)).toBeLessThan(30);
  });

  it("keeps every page's first visit within its budget", () => {
    const over = visits
      .filter((visit) => kb(assets(visit)) > budgetKb(visit.route))
      .map(
        (visit) =>
          `${visit.route}: ${kb(assets(visit)).toFixed(1)} kB, budget ${budgetKb(visit.route)} kB`,
      );
    expect(over, "pages whose first visit is over its budget").toEqual([]);
  });
});
