// @vitest-environment node
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script (scripts/build-server.mjs), without types.
import { hasBothBuilds, packageOf, serverBundle } from "@/scripts/build-server.mjs";

/*
 * The build's server bundle (npm run build:server) loads each package with both an ES module
 * and a CommonJS build by the ES module's file, the one Next's chunks import: one copy of zod,
 * drizzle-orm and the rest per process, and one ZodError class (scripts/build-server.mjs).
 */

const bundles = ["dist/server.js", "dist/worker.js"];

/** What each bundle require()s, as written in it. */
const required = (bundle: string) =>
  [...readFileSync(join(process.cwd(), bundle), "utf8").matchAll(/require\("([^"]+)"\)/g)].map(
    (match) => match[1]!,
  );

describe("the server bundle's packages", () => {
  it.each(bundles)("%s requires no package with both builds by its name", (bundle) => {
    const byName = required(bundle).filter((specifier) => {
      const name = packageOf(specifier) as string | null;
      return name !== null && (hasBothBuilds(name) as boolean);
    });
    expect(byName).toEqual([]);
  });

  it("requires zod and drizzle-orm by their ES module files", async () => {
    const server = required("dist/server.js");
    expect(server).toContain("../node_modules/zod/index.js");
    expect(server).toContain("../node_modules/drizzle-orm/index.js");
    // And Node gives require() of that file the very module import() loads: one ZodError.
    const same = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { createRequire } from "node:module";
         const require = createRequire(process.cwd() + "/dist/server.js");
         const byRequire = require("../node_modules/zod/index.js").ZodError;
         console.log(byRequire === (await import("zod")).ZodError);`,
      ],
      { cwd: process.cwd(), encoding: "utf8" },
    );
    expect(same.stderr).toBe("");
    expect(same.stdout.trim()).toBe("true");
  });

  it("draws its first PDFs, two at once, in a fresh process", async () => {
    // A require() of fontkit's ES module while pdfkit's import() was loading it failed, and the
    // bundle kept the failure: no invoice mail went out until a restart (lib/server/pdf/tools.ts).
    const out = mkdtempSync(join(process.cwd(), "dist", ".bundle-check-"));
    try {
      await build({
        ...serverBundle(out),
        entryPoints: ["tests/fixtures/bundled-first-pdfs.ts"],
        logLevel: "error",
      });
      const run = spawnSync(process.execPath, [join(out, "bundled-first-pdfs.js")], {
        cwd: process.cwd(),
        encoding: "utf8",
      });
      expect(run.stderr).toBe("");
      expect(JSON.parse(run.stdout)).toEqual(["%PDF-", "%PDF-"]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
