import { createHash } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build, type BuildOptions } from "esbuild";

/*
 * The worker threads that read outside input (worker-thread.ts), each as one ES module. Their
 * code is TypeScript with the app's "@/" paths, which Node cannot run from the sources as it runs
 * cv-check-worker.mjs; so esbuild bundles each, as it bundles the server (`npm run
 * build:server`), the packages left to node_modules. The build writes dist/<name>-worker.mjs,
 * which production servers start; tests and `npm run dev` make the same bundle from the sources
 * the first time a process needs it, so they run what production runs, and never a bundle older
 * than the sources. Loaded only there: production never loads esbuild.
 */

/** Each worker's entry. */
export const WORKER_ENTRIES = {
  /** An ATS's board read, parsed, cleaned and mapped (imports/board-reader.ts). */
  board: "features/imports/server/board-worker.ts",
  /** An employer's Markdown rendered (listings/description-html.ts). */
  markdown: "features/listings/server/markdown-worker.ts",
  /** Social cards drawn (features/og/server/card-drawer.ts). */
  card: "features/og/server/card-worker.ts",
  /** The embedded database (db/client.ts connectPgliteThread). */
  pglite: "lib/server/db/pglite-thread.ts",
} as const;

export type WorkerName = keyof typeof WORKER_ENTRIES;

/** Where the build writes a worker's bundle, from the app's folder. */
export const builtWorkerFile = (name: WorkerName) => join("dist", `${name}-worker.mjs`);

const options = (name: WorkerName): BuildOptions => ({
  entryPoints: [WORKER_ENTRIES[name]],
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  packages: "external",
  // The card drawer's JSX, as the app compiles it (tsconfig's "react-jsx").
  jsx: "automatic",
  // Next has no "exports" map: an ES module must name its files whole.
  alias: { "next/og": "next/og.js" },
  logLevel: "warning",
});

/** Writes every worker's bundle where the build's go (builtWorkerFile). */
export async function writeWorkers(): Promise<string[]> {
  const names = Object.keys(WORKER_ENTRIES) as WorkerName[];
  await Promise.all(
    names.map((name) => build({ ...options(name), outfile: builtWorkerFile(name) })),
  );
  return names.map(builtWorkerFile);
}

/**
 * Bundles the worker from the sources now, into node_modules/.cache (whence its packages
 * resolve as from the app), named by its content so that processes making the same bundle share
 * one file; answers its path.
 */
export async function bundleWorker(name: WorkerName): Promise<string> {
  const { outputFiles } = await build({
    ...options(name),
    write: false,
    outfile: `${name}-worker.mjs`,
  });
  const code = outputFiles![0]!.contents;
  const folder = join(process.cwd(), "node_modules", ".cache", "creator-jobs");
  const file = join(
    folder,
    `${name}-worker-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`,
  );
  await mkdir(folder, { recursive: true });
  // Written whole under another name first: another process may be starting it already.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, code);
  await rename(partial, file);
  return file;
}
