// The repository file an import names, for the scripts that read imports as text
// (scripts/move.mjs, scripts/feature-entry-points.mjs): `@/` paths from the root, `./` and `../`
// from the importer's folder, with the extensions TypeScript and Node try.
import path from "node:path";

export const EXTENSIONS = [
  "",
  ".ts",
  ".tsx",
  ".mts",
  ".mjs",
  ".js",
  ".d.ts",
  "/index.ts",
  "/index.tsx",
];

/**
 * The file of `files` (a Set of paths from the root) that `spec`, imported by `importer`, names,
 * with the extension that was added; null for a package or something unknown.
 */
export function importTarget(files, importer, spec) {
  let base;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith("./") || spec.startsWith("../")) {
    base = path.posix.normalize(path.posix.join(path.posix.dirname(importer), spec));
  } else return null;
  for (const extension of EXTENSIONS) {
    if (files.has(base + extension)) return { file: base + extension, extension };
  }
  return null;
}
