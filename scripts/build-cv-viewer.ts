// Builds the CV frame (features/applications/cv-frame.ts) into public/: its script, pdf.js and pdf.js's
// worker in one classic script, and its style sheet, each named by a hash of its content so that
// they can be cached for a year; then its document, which names them and is revalidated on every
// view. Run by `npm run build` (before `next build`) and `npm run dev`. The output is not
// committed (.gitignore).
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { CV_FRAME_ASSETS, CV_FRAME_PATH } from "@/features/applications/cv-frame";

const SOURCE = "features/applications/components/pipeline/cv-frame";
const PUBLIC = "public";

async function main() {
  const outdir = join(PUBLIC, CV_FRAME_ASSETS);
  const documentPath = join(PUBLIC, CV_FRAME_PATH);
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build({
    entryPoints: [join(SOURCE, "viewer.ts"), join(SOURCE, "viewer.css")],
    entryNames: "[name].[hash]",
    outdir,
    bundle: true,
    // A classic script: a module script would be fetched with CORS, which a document of an
    // opaque origin (this frame) fails for the site's own files.
    format: "iife",
    platform: "browser",
    minify: true,
    metafile: true,
    logLevel: "warning",
  });
  const outputs = Object.keys(result.metafile.outputs);
  const script = outputs.find((file) => file.endsWith(".js"));
  const style = outputs.find((file) => file.endsWith(".css"));
  if (!script || !style) throw new Error(`Unexpected outputs: ${outputs.join(", ")}`);

  // The frame's policy has no 'unsafe-eval': code that tried eval would fail there, and be
  // reported as a violation. pdf.js 6 has none; a later version that did would stop the build.
  const code = await readFile(script, "utf8");
  if (/\bnew Function\b|\beval\(/.test(code)) {
    throw new Error(`${script} evaluates code, which the CV frame's policy refuses`);
  }

  const template = await readFile(join(SOURCE, "viewer.html"), "utf8");
  await writeFile(
    documentPath,
    template
      .replace(/<!--[^]*?-->\n/, "")
      .replace("%SCRIPT%", CV_FRAME_ASSETS + basename(script))
      .replace("%STYLE%", CV_FRAME_ASSETS + basename(style)),
  );
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
  const size = (await stat(script)).size;
  console.log(
    `built ${documentPath} and ${script} (${kB(size)}, ${kB(gzipSync(code).length)} gzipped)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
