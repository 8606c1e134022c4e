// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * package.json says what the code uses: every package a source file imports is declared (in
 * dependencies or devDependencies), and every declared package is imported somewhere or named
 * below with where it is used otherwise. An import of a package that is in node_modules only as
 * another's dependency works until that other package changes; a declared package nothing uses
 * is installed on every machine for nothing.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = [
  "features",
  "lib",
  "components",
  "hooks",
  "pages",
  "scripts",
  "bench",
  "tests",
  "e2e",
  "styles",
];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|css)$/;

/** Declared packages that no source file imports by name, and where each is used. */
const USED_OTHERWISE: Record<string, string> = {
  "@fontsource-variable/inter":
    "scripts/subset-inter.mjs: the source of the pages' Inter subsets (styles/fonts/)",
  "@fontsource/noto-sans": "lib/server/pdf/fonts.ts: require.resolve of `@fontsource/${family}`",
  "@fontsource/noto-sans-arabic": "lib/server/pdf/fonts.ts, as @fontsource/noto-sans",
  "@fontsource/noto-sans-devanagari": "lib/server/pdf/fonts.ts, as @fontsource/noto-sans",
  "@fontsource/noto-sans-hebrew": "lib/server/pdf/fonts.ts, as @fontsource/noto-sans",
  "@fontsource/noto-sans-jp": "lib/server/pdf/fonts.ts, as @fontsource/noto-sans",
  "@fontsource/noto-sans-kr": "lib/server/pdf/fonts.ts, as @fontsource/noto-sans",
  "@fontsource/noto-sans-sc": "lib/server/pdf/fonts.ts, as @fontsource/noto-sans",
  "@fontsource/noto-sans-thai": "lib/server/pdf/fonts.ts, as @fontsource/noto-sans",
  "@tailwindcss/postcss": "postcss.config.mjs names it as a key",
  "@types/node": "the types of Node's own modules (tsconfig.build.json's types)",
  eslint: "npm run lint",
  "firebase-tools": "the Auth emulator: scripts/serve.sh, scripts/test.sh",
  jsdom: "vitest.config.mts: the tests' environment",
  maildev: "scripts/serve.sh: the local mail catcher",
  prettier: "npm run format",
  tsx: "npm scripts that run TypeScript: build:cv-viewer, db:seed, scripts/*.sh",
  typescript: "npm run typecheck, next build's type check, typescript-eslint",
  "vnu-jar": "tests/server/html-check.test.ts: require.resolve of its vnu.jar",
};

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(path);
      } else if (SOURCE.test(entry.name)) files.push(path);
    }
  };
  for (const folder of FOLDERS) walk(folder);
  // The tool configs at the top: next.config.ts, eslint.config.mjs, vitest.config.mts, …
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
    if (entry.isFile() && SOURCE.test(entry.name)) files.push(entry.name);
  }
  return files;
}

/**
 * The specifiers a file names: imports and exports from, import(), require() and
 * require.resolve(), vi.mock(), and CSS's @import and @plugin.
 */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\s*\(\s*|\bvi\.(?:mock|doMock|importActual)\s*\(\s*|@import\s+|@plugin\s+)["']([^"'\s]+)["']/g;
/** A bare specifier: a package's name (scoped or not) and maybe a path into it. */
const BARE = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(?:\/.*)?$/;

/** Each package imported, with the files that import it. */
function importedPackages(): Map<string, string[]> {
  const builtins = new Set(builtinModules);
  const imported = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    for (const [, specifier] of readFileSync(join(ROOT, file), "utf8").matchAll(SPECIFIER)) {
      const name = BARE.exec(specifier!)?.[1];
      if (!name || builtins.has(name) || specifier!.startsWith("node:")) continue;
      imported.set(name, [...(imported.get(name) ?? []), file]);
    }
  }
  return imported;
}

/** Where a package's types come from when it has none of its own: "hast" → "@types/hast". */
const typesOf = (name: string) =>
  `@types/${name.startsWith("@") ? name.slice(1).replace("/", "__") : name}`;

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = new Set([
  ...Object.keys(manifest.dependencies),
  ...Object.keys(manifest.devDependencies),
]);

describe("package.json", () => {
  const imported = importedPackages();

  it("declares every package a source file imports", () => {
    const undeclared = [...imported]
      .filter(([name]) => !declared.has(name) && !declared.has(typesOf(name)))
      .map(([name, files]) => `${name} (${files.slice(0, 3).join(", ")})`);
    expect(undeclared).toEqual([]);
  });

  it("declares no package that nothing uses", () => {
    const typed = new Set([...imported.keys()].map(typesOf));
    const unused = [...declared].filter(
      (name) => !imported.has(name) && !typed.has(name) && !(name in USED_OTHERWISE),
    );
    expect(unused).toEqual([]);
  });

  it("names in USED_OTHERWISE only declared packages", () => {
    expect(Object.keys(USED_OTHERWISE).filter((name) => !declared.has(name))).toEqual([]);
  });

  it("pins every version exactly", () => {
    const ranged = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
      .filter(([, version]) => !/^\d+\.\d+\.\d+$/.test(version))
      .map(([name, version]) => `${name}@${version}`);
    expect(ranged).toEqual([]);
  });
});
