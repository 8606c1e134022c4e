// Bundles the server and the queue worker (scripts/server.ts, scripts/worker.ts) into dist/, the
// packages left to node_modules, then the worker threads (scripts/build-workers.ts). Run by
// `npm run build:server`.
//
// One copy of each package per process (issue 67, memory per worker): Next's server code
// (Turbopack's chunks) loads a package with both builds, such as zod and drizzle-orm, as its ES
// module; a plain require() from this CommonJS bundle would load its CommonJS build beside it,
// a second copy of its code (zod's alone is 1.7 MB of source) and of its classes, so that an
// `instanceof ZodError` on one side misses the other's errors. So an import of such a package is
// written as a require() of the very file its ES module build resolves to, by a path from dist/;
// Node (22.12 and later) gives require() of an ES module the same instance import() gets.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const app = dirname(dirname(fileURLToPath(import.meta.url)));
const outdir = join(app, "dist");

/** The package a bare import names ("zod", "@scope/name"), or null for a path or a builtin. */
export function packageOf(specifier) {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) {
    return null;
  }
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Whether a package's exports map gives import() and require() files of their own. */
export function hasBothBuilds(name) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(app, "node_modules", name, "package.json"), "utf8"));
  } catch {
    return false;
  }
  const text = JSON.stringify(manifest.exports ?? null);
  return text.includes('"import"') && text.includes('"require"');
}

/** The plugin that writes such imports, for a bundle written to `outdir`. */
export function sharedEsm(outdir) {
  return {
    name: "shared-esm",
    setup(esbuild) {
      const dual = new Map();
      esbuild.onResolve({ filter: /^[^./]/ }, ({ path: specifier, kind }) => {
        const name = packageOf(specifier);
        if (!name || kind === "require-call") return undefined;
        if (!dual.has(name)) dual.set(name, hasBothBuilds(name));
        if (!dual.get(name)) return undefined;
        // The file import() would load, as Node resolves it from the app's folder (this one's parent).
        const file = fileURLToPath(import.meta.resolve(specifier));
        return { path: relative(outdir, file).split(sep).join("/"), external: true };
      });
    },
  };
}

/**
 * esbuild's options for the server's bundles, written to `out` (a folder inside the app, so that
 * the packages left out are found from it): the build's, and the tests' that bundle as it does.
 */
export const serverBundle = (out = outdir) => ({
  absWorkingDir: app,
  bundle: true,
  platform: "node",
  target: "node24",
  packages: "external",
  jsx: "automatic",
  outdir: out,
  logLevel: "warning",
  plugins: [sharedEsm(out)],
});

/** Bundles dist/server.js and dist/worker.js, then the worker threads; answers the exit code. */
async function buildServer() {
  await build({ ...serverBundle(), entryPoints: ["scripts/server.ts", "scripts/worker.ts"] });

  const workers = spawnSync("npx", ["tsx", "scripts/build-workers.ts"], {
    cwd: app,
    stdio: "inherit",
  });
  return workers.status ?? 1;
}

// Run as a script (npm run build:server), not when a test imports the helpers above.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  process.exit(await buildServer());
