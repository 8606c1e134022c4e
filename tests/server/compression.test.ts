// @vitest-environment node
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compress, decompress, gzipIsKept } from "@/lib/server/http/compression";

// Text like a results page's: the words repeat, the numbers do not.
const page = (seed: number, rows = 300) =>
  Buffer.from(
    Array.from(
      { length: rows },
      (_, i) =>
        `<li><a href="/jobs/${seed * 1000 + i}">Editor ${(i * 7919 + seed) % 1013}</a></li>`,
    ).join(""),
  );

/** What the system's own gzip makes of a body: it checks the CRC and the length too. */
const systemGunzip = (packed: Buffer) => execFileSync("gzip", ["-dc"], { input: packed });

describe("gzip from the kept compressor", () => {
  it("makes gzip bodies that stand alone, whatever went through the compressor before", () => {
    const bodies = [
      page(1),
      Buffer.from("Zażółć gęślą jaźń · 東京の動画編集者 · محرر فيديو\n".repeat(100)),
      page(2, 3000), // about 180 kB in
      randomBytes(200_000), // does not compress: several output buffers' worth
      Buffer.alloc(0),
      page(1),
    ];
    const packed = bodies.map((body) => compress(body, "gzip"));
    expect(gzipIsKept()).toBe(true);
    packed.forEach((gzip, i) => {
      expect(gunzipSync(gzip).equals(bodies[i]!)).toBe(true);
      expect(systemGunzip(gzip).equals(bodies[i]!)).toBe(true);
      expect(decompress(gzip, "gzip").equals(bodies[i]!)).toBe(true);
    });
    // The same body compresses to the same bytes after others: nothing carries over.
    expect(packed[5]!.equals(packed[0]!)).toBe(true);
  });

  it("compresses as well as gzip's default level, at either effort", () => {
    const body = page(3);
    const quick = compress(body, "gzip", "quick");
    expect(compress(body, "gzip", "thorough").equals(quick)).toBe(true);
    expect(quick.length).toBeLessThanOrEqual(gzipSync(body, { level: 6 }).length + 16);
    expect(quick.length).toBeLessThan(body.length / 4);
  });

  it("keeps one body's words out of another's answer", () => {
    const secret = Buffer.from(`token=${randomBytes(16).toString("hex")};`.repeat(50));
    compress(secret, "gzip");
    const next = compress(Buffer.from("token=".repeat(50)), "gzip");
    // A reference into the previous answer would not unpack on its own (or would unpack wrong).
    expect(gunzipSync(next).toString()).toBe("token=".repeat(50));
    expect(next.includes(secret.subarray(6, 38))).toBe(false);
  });
});
