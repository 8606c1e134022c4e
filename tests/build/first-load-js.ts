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
