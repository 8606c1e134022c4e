// What an invoice PDF costs (issue 60): its size and the time to draw it, for an invoice in Latin
// letters only and for one with text in every script the board prints (Japanese, Chinese,
// Korean, Arabic, Hebrew, Devanagari, Thai, Greek, Cyrillic, Polish); the first of each (fonts
// read from their package and inflated) and the median of the next ones; then the process's
// memory (RSS) after drawing documents that between them use every Japanese, Chinese and Korean
// font file, which the font cache (lib/server/pdf/fonts.ts) must keep within its bound.
//
// Usage, with the production server's memory settings (package.json's start):
//   MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536 MALLOC_TRIM_THRESHOLD_=131072 \
//     node --max-semi-space-size=16 --expose-gc --import tsx bench/pdfs.ts [--runs 20]
import type { InvoiceDocument } from "@/features/billing/documents";
import { renderInvoicePdf } from "@/features/billing/server/invoice-pdf";
import { invoiceOf, line } from "../tests/fixtures/invoices";
import { PARTIES_IN_EVERY_SCRIPT } from "../tests/fixtures/scripts";
import { numberArg, rssMb } from "./production-server.mjs";

const runs = numberArg("runs", 20);

const LATIN = invoiceOf([line("Featured listing: Senior Video Editor (30 days)", 49_900)]);

/** The Japanese buyer, and a line in each other script. */
const [japanese, ...others] = PARTIES_IN_EVERY_SCRIPT;
const EVERY_SCRIPT: InvoiceDocument = {
  ...LATIN,
  buyer: { ...japanese!, tax_id: null },
  lines: others.map(({ name, address }) => line(`${name}, ${address.join(", ")}`, 49_900)),
};

async function measure(label: string, invoice: InvoiceDocument) {
  let started = performance.now();
  const first = await renderInvoicePdf(invoice);
  const firstMs = performance.now() - started;
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    started = performance.now();
    await renderInvoicePdf(invoice);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(14)} ${(first.length / 1024).toFixed(1).padStart(6)} kB  first ${firstMs
      .toFixed(0)
      .padStart(5)} ms  median ${times[Math.floor(times.length / 2)]!.toFixed(0).padStart(4)} ms`,
  );
}

async function main() {
  await measure("Latin only", LATIN);
  await measure("every script", EVERY_SCRIPT);

  // Every character of the CJK blocks the three families cover, a few hundred a document.
  const han = Array.from({ length: 0x9fff - 0x4e00 }, (_, index) =>
    String.fromCodePoint(0x4e00 + index),
  );
  const hangul = Array.from({ length: 0xd7a3 - 0xac00 }, (_, index) =>
    String.fromCodePoint(0xac00 + index),
  );
  const characters = [...han, ...hangul];
  const perDocument = 600;
  globalThis.gc?.();
  const before = rssMb(process.pid) ?? 0;
  let peak = 0;
  for (let start = 0; start < characters.length; start += perDocument) {
    const text = characters.slice(start, start + perDocument).join("");
    await renderInvoicePdf({
      ...LATIN,
      buyer: {
        ...LATIN.buyer,
        name: text,
        country: ["JP", "CN", "KR"][(start / perDocument) % 3]!,
      },
    });
    peak = Math.max(peak, rssMb(process.pid) ?? 0);
  }
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed / 1024 / 1024;
  console.log(
    `${Math.ceil(characters.length / perDocument)} documents over every CJK font file: RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, after ${(rssMb(process.pid) ?? 0).toFixed(0)} MB (heap ${heap.toFixed(0)} MB)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
