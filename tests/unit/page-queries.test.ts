// @vitest-environment node
import { build, type Metafile } from "esbuild";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { QUERYING_PUBLIC_ROUTES, queriesOnRender } from "@/components/providers/page-queries";
import { PUBLIC_ROUTES } from "@/lib/routes";

const root = join(__dirname, "..", "..");
const pageFileFor = (route: string) =>
  [`${route}.tsx`, `${route}/index.tsx`]
    .map((file) => join("pages", file))
    .find((file) => existsSync(join(root, file)));

/** Modules allowed to import react-query on a page without it: they read only its context. */
const CONTEXT_READERS = new Set(["lib/auth/auth-context.tsx"]);

/**
 * The chain of static imports by which `file` reaches react-query, or null. Dynamic imports
 * (what loads once someone is signed in) do not count: they are not part of the page's render.
 */
function pathToReactQuery(
  inputs: Metafile["inputs"],
  file: string,
  seen = new Set<string>(),
): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const imported of inputs[file]?.imports ?? []) {
    if (imported.kind !== "import-statement") continue;
    if (imported.path === "@tanstack/react-query") {
      if (!CONTEXT_READERS.has(file)) return [file];
    } else if (!imported.external) {
      const chain: string[] | null = pathToReactQuery(inputs, imported.path, seen);
      if (chain) return [file, ...chain];
    }
  }
  return null;
}

describe("pages without react-query", () => {
  it("are every public page but the forms that send", () => {
    expect(PUBLIC_ROUTES.filter(queriesOnRender)).toEqual(QUERYING_PUBLIC_ROUTES);
    expect(queriesOnRender("/profile")).toBe(true);
  });

  it("import nothing that queries as it renders", { timeout: 60_000 }, async () => {
    const pages = PUBLIC_ROUTES.filter((route) => !queriesOnRender(route)).map((route) => {
      const file = pageFileFor(route);
      if (!file) throw new Error(`No page file for ${route}`);
      return file;
    });
    const { metafile } = await build({
      absWorkingDir: root,
      entryPoints: pages,
      bundle: true,
      write: false,
      metafile: true,
      outdir: "out",
      splitting: true,
      format: "esm",
      platform: "browser",
      packages: "external",
      jsx: "automatic",
      alias: { "@": "." },
      loader: { ".css": "empty" },
      logLevel: "silent",
    });
    const reaching = pages.flatMap((page) => {
      const chain = pathToReactQuery(metafile.inputs, page);
      return chain ? [chain.join(" > ")] : [];
    });
    expect(reaching).toEqual([]);
  });
});
