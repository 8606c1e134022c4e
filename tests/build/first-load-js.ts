import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { COMPRESSION_THRESHOLD, compress } from "@/lib/server/http/compression";
import { precompressedPath } from "@/lib/server/http/precompressed";

/*
 * What a first visit to each page of the production build downloads in JavaScript, read from the
 * build's manifest (deterministic: no browser, no server, no network). A pages-router page loads,
 * through the loader in its HTML (pages/_document.tsx): `/_app`'s chunks, its own, the Turbopack runtime (listed under
 * both), and the build's small manifests (`lowPriorityFiles`); `polyfillFiles` and
 * `rootMainFiles` (empty under Turbopack) would load on every page too. Each file is counted as
 * the production server sends it to a browser (sentBytes).
 */

export type BuildManifest = {
  pages: Record<string, string[]>;
  polyfillFiles?: string[];
  rootMainFiles?: string[];
  lowPriorityFiles?: string[];
};

export type FirstLoad = { route: string; files: string[]; bytes: number };

/** Routes that are framework parts, not pages anybody visits. */
const NOT_PAGES = new Set(["/_app", "/_document"]);

/** The build's manifest, or an error saying how to make one. */
export function readBuildManifest(nextDir: string): BuildManifest {
  const path = join(nextDir, "build-manifest.json");
  if (!existsSync(path) || !existsSync(join(nextDir, "BUILD_ID"))) {
    throw new Error(
      `No production build in ${nextDir} (${path} is missing): run \`npm run build\` first. ` +
        "scripts/test.sh builds before it runs vitest.",
    );
  }
  return JSON.parse(readFileSync(path, "utf8")) as BuildManifest;
}

/** Every page route of the build: what the budgets must cover. */
export function pageRoutes(manifest: BuildManifest): string[] {
  return Object.keys(manifest.pages)
    .filter((route) => !NOT_PAGES.has(route))
    .sort();
}

/** The JavaScript files (paths under .next/) a first visit to `route` loads, each once. */
export function firstLoadFiles(manifest: BuildManifest, route: string): string[] {
  const files = [
    ...(manifest.polyfillFiles ?? []),
    ...(manifest.rootMainFiles ?? []),
    ...(manifest.pages["/_app"] ?? []),
    ...(manifest.pages[route] ?? []),
    ...(manifest.lowPriorityFiles ?? []),
  ];
  return [...new Set(files)].filter((file) => file.endsWith(".js"));
}

/**
 * A file's size as the production server sends it to a browser (which accepts br): the build's
 * brotli copy (scripts/precompress-static.ts), else compressed as the server would, or as it is
 * when too small to be compressed.
 */
export function sentBytes(path: string): number {
  const body = readFileSync(path);
  if (body.length <= COMPRESSION_THRESHOLD) return body.length;
  const precompressed = precompressedPath(path, "br");
  return existsSync(precompressed) ? statSync(precompressed).size : compress(body, "br").length;
}

/** Each page route's first-load JavaScript, compressed as sent. */
export function firstLoadJs(nextDir: string): FirstLoad[] {
  const manifest = readBuildManifest(nextDir);
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = sentBytes(join(nextDir, file));
      sizes.set(file, size);
    }
    return size;
  };
  return pageRoutes(manifest).map((route) => {
    const files = firstLoadFiles(manifest, route);
    return { route, files, bytes: files.reduce((sum, file) => sum + sizeOf(file), 0) };
  });
}

/**
 * What a first visit to a page fetches that the build decides, in bytes as the server sends them
 * (issue 67): the scripts it runs or fetches before the visitor does anything (none on a page
 * whose scripts start on intent, lib/page-start.ts; every first-load script elsewhere), the CSS,
 * the fonts its HTML preloads (next/font's manifest), and its HTML where the build prerendered
 * it (`null` for a page rendered per request, whose size depends on the board's data:
 * bench/first-visit.mjs measures those). Images (logos) depend on the data too and are not here.
 */
export type FirstVisit = {
  route: string;
  scripts: number;
  css: number;
  fonts: number;
  html: number | null;
};

/** Each HTML page route's first visit (routes in `notHtml` are left out). */
export function firstVisits(
  nextDir: string,
  startsOnIntent: (route: string) => boolean,
  notHtml: ReadonlySet<string>,
): FirstVisit[] {
  const manifest = readBuildManifest(nextDir);
  const fontManifest = JSON.parse(
    readFileSync(join(nextDir, "server", "next-font-manifest.json"), "utf8"),
  ) as { pages: Record<string, string[]> };
  const js = new Map(firstLoadJs(nextDir).map((page) => [page.route, page.bytes]));
  const sum = (files: string[], size: (path: string) => number) =>
    [...new Set(files)].reduce((total, file) => total + size(join(nextDir, file)), 0);
  return pageRoutes(manifest)
    .filter((route) => !notHtml.has(route))
    .map((route) => {
      const files = [...(manifest.pages["/_app"] ?? []), ...(manifest.pages[route] ?? [])];
      const fonts = [...(fontManifest.pages["/_app"] ?? []), ...(fontManifest.pages[route] ?? [])];
      const htmlPath = join(nextDir, "server", "pages", `${route === "/" ? "index" : route}.html`);
      return {
        route,
        scripts: startsOnIntent(route) ? 0 : (js.get(route) ?? 0),
        css: sum(
          files.filter((file) => file.endsWith(".css")),
          sentBytes,
        ),
        // woff2 is compressed already: sent as it is.
        fonts: sum(fonts, (path) => statSync(path).size),
        html: existsSync(htmlPath) ? compress(readFileSync(htmlPath), "br").length : null,
      };
    });
}
