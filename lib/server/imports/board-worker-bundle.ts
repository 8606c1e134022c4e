import { createHash } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build, type BuildOptions } from "esbuild";

/*
 * The board's worker (board-worker.ts) as one ES module. Its code is the ATS adapters and the
 * mapping, TypeScript with the app's "@/" paths, which Node cannot run from the sources as it
 * runs cv-check-worker.mjs; so esbuild bundles it, as it bundles the server (`npm run
 * build:server`), the packages left to node_modules. The build writes dist/board-worker.mjs,
 * which production servers start; tests and `npm run dev` make the same bundle from the sources
 * the first time a process needs it (board-reader.ts), so they run what production runs, and
 * never a bundle older than the sources.
 */

const OPTIONS: BuildOptions = {
  entryPoints: ["lib/server/imports/board-worker.ts"],
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  packages: "external",
  logLevel: "warning",
};

/** Writes the bundle to `outfile` (the build's BOARD_WORKER_FILE). */
export async function writeBoardWorker(outfile: string): Promise<void> {
  await build({ ...OPTIONS, outfile });
}

/**
 * Bundles the worker from the sources now, into node_modules/.cache (whence its packages
 * resolve as from the app), named by its content so that processes making the same bundle share
 * one file; answers its path.
 */
export async function bundleBoardWorker(): Promise<string> {
  const { outputFiles } = await build({ ...OPTIONS, write: false, outfile: "board-worker.mjs" });
  const code = outputFiles![0]!.contents;
  const folder = join(process.cwd(), "node_modules", ".cache", "creator-jobs");
  const file = join(
    folder,
    `board-worker-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`,
  );
  await mkdir(folder, { recursive: true });
  // Written whole under another name first: another process may be starting it already.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, code);
  await rename(partial, file);
  return file;
}
