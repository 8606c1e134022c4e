// Compresses the build's static files (.next/static: scripts, styles, manifests) once, at the
// highest quality, beside each file (name.js.br, name.js.gz), as nginx's brotli_static and
// gzip_static expect them. These files never change for a build, so the seconds spent here are
// paid once, not per request; the server sends them (lib/server/http/precompressed.ts). Run by
// `npm run build` after `next build`.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { compressBest, COMPRESSION_THRESHOLD } from "@/lib/server/http/compression";
import {
  PRECOMPRESSED_ENCODINGS,
  precompressedPath,
  PRECOMPRESSIBLE,
} from "@/lib/server/http/precompressed";

async function main() {
  const dir = join(process.argv[2] ?? ".next", "static");
  const files = (await readdir(dir, { recursive: true })).filter((file) =>
    PRECOMPRESSIBLE.test(file),
  );
  const started = performance.now();
  let written = 0;
  // zlib's asynchronous calls run on libuv's thread pool: every core works on them at once.
  await Promise.all(
    files.map(async (file) => {
      const path = join(dir, file);
      const body = await readFile(path);
      if (body.length <= COMPRESSION_THRESHOLD) return;
      for (const encoding of PRECOMPRESSED_ENCODINGS) {
        await writeFile(precompressedPath(path, encoding), await compressBest(body, encoding));
        written += 1;
      }
    }),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`precompressed ${written} static files in ${seconds} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
