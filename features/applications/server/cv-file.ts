import {
  CV_MAX_BYTES,
  CV_NOT_PDF_MESSAGE,
  CV_TOO_LARGE_MESSAGE,
} from "@/features/applications/constants";
import { InvalidInput } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { startThread, takingTurns, ThreadOverrun } from "@/lib/server/worker-thread";

/*
 * An uploaded CV, checked before anything is stored: a PDF by its bytes (not by what the request
 * or the file name said), at most CV_MAX_BYTES, not encrypted, one that parses, with a page, and
 * with nothing in it that a reader would run or open (scripts, actions that launch programs or
 * send data, attached files).
 *
 * A PDF can cost far more to read than it weighs: a 2 kB file can hold a million objects, and 50
 * kB of them took 20 s and 1.8 GB of memory to parse (issue 40). So the parse happens in a worker
 * thread (cv-check-worker.mjs), never on the thread that answers requests, and within bounds:
 * CV_CHECK_LIMITS of memory and time, after which the worker is ended and the file refused; at
 * most CV_CHECKS_AT_ONCE at a time in a process, with a short queue behind them.
 */

const refuse = (message: string) => new InvalidInput({ cv: [message] });

export const CV_MESSAGES = {
  empty: "Choose a PDF file for your CV",
  tooLarge: CV_TOO_LARGE_MESSAGE,
  notPdf: CV_NOT_PDF_MESSAGE,
  encrypted:
    "The CV is protected with a password or encryption: save it without protection and send it again",
  broken: "The CV is not a PDF we can read: save it again as a PDF and send that",
  noPages: "The CV has no pages",
  tooComplex:
    "The CV is too complex for us to check: save it again as a simple PDF (print it to PDF) and send that",
  active:
    "The CV contains scripts, actions or attached files, which we do not pass on: save it again as a plain PDF (print it to PDF) and send that",
} as const;

/** What to store for an accepted CV. */
export type CheckedCv = { bytes: Buffer; name: string; size: number };

/** Every PDF starts so (ISO 32000-1, 7.5.2). */
const PDF_MAGIC = Buffer.from("%PDF-");
/** And ends with this, give or take a little whitespace; a file cut short has lost it. */
const PDF_END = Buffer.from("%%EOF");
const END_WINDOW = 1024;

/**
 * The bounds of one check. Honest CVs of 5 MB, photos and all, parse in well under a second
 * with a few MB of heap (measured: bench/hostile-cv.ts); each bound is many times that, so a
 * slow or busy machine does not refuse them.
 * - `heapMb`: the worker's JavaScript heap (the objects pdf-lib builds); past it, the worker is
 *   ended by V8.
 * - `decodeBytes`: what the stream decoders may inflate, outside that heap.
 * - `cpuMs`: the processor time the worker may use for its verdict (a busy machine, slow to
 *   start and run it, refuses no honest CV for that);
 * - `ms`: the wall-clock time from the worker's start to its verdict, for a worker left waiting.
 */
export const CV_CHECK_LIMITS = {
  heapMb: 64,
  decodeBytes: 32 * 1024 * 1024,
  cpuMs: 10_000,
  ms: 60_000,
};

/** Checks run at once in a process: each may take a core, and the server keeps the other. */
export const CV_CHECKS_AT_ONCE = 1;
/** Uploads that may wait for a check; more are told to come back (503). */
export const CV_CHECKS_WAITING = 8;

type Verdict =
  | { verdict: "ok"; pages: number }
  | { verdict: "encrypted" | "broken" | "too_much" }
  | { verdict: "active"; found: string };

const WORKER_URL = new URL("./cv-check-worker.mjs", import.meta.url);

/** CV_CHECKS_AT_ONCE checks at a time, CV_CHECKS_WAITING waiting, 503 past that. */
const inTurn = takingTurns(
  CV_CHECKS_AT_ONCE,
  CV_CHECKS_WAITING,
  "Many CVs are being checked just now: send yours again in a minute",
);

/**
 * Takes the CV checks' turn and keeps it until the answered function is called: for a test that
 * fills the queue behind it (a busy server made so, not hoped for from the machine's speed).
 */
export function holdCvCheckTurn(): Promise<() => void> {
  return new Promise((held) => {
    void inTurn(() => new Promise<void>((release) => held(release)));
  });
}

/**
 * The worker's verdict on `bytes`; "too_much" when it passed a bound (its heap, its decoding,
 * its time), in which case it is ended at once.
 */
async function inspectInWorker(bytes: Buffer): Promise<Verdict> {
  // A copy the worker takes over: the upload stays whole here.
  const copy = new Uint8Array(bytes);
  const thread = startThread<never, Verdict>(
    WORKER_URL,
    { bytes: copy, decodeLimit: CV_CHECK_LIMITS.decodeBytes },
    { heapMb: CV_CHECK_LIMITS.heapMb, cpuMs: CV_CHECK_LIMITS.cpuMs, ms: CV_CHECK_LIMITS.ms },
    [copy.buffer],
  );
  try {
    return await thread.next();
  } catch (error) {
    if (error instanceof ThreadOverrun) return { verdict: "too_much" };
    throw error;
  } finally {
    thread.end();
  }
}

/** The document parsed and looked through in the worker; answers its page count, or refuses. */
async function parse(bytes: Buffer): Promise<number> {
  const started = performance.now();
  const result = await inTurn(() => inspectInWorker(bytes));
  const ms = Math.round(performance.now() - started);
  switch (result.verdict) {
    case "ok":
      return result.pages;
    case "encrypted":
      throw refuse(CV_MESSAGES.encrypted);
    case "too_much":
      log.warn({ bytes: bytes.length, ms }, "A CV was refused: it passed the check's bounds");
      throw refuse(CV_MESSAGES.tooComplex);
    case "active":
      log.warn(
        { bytes: bytes.length, found: result.found },
        "A CV with active content was refused",
      );
      throw refuse(CV_MESSAGES.active);
    default:
      throw refuse(CV_MESSAGES.broken);
  }
}

/**
 * The name a CV is kept and offered under: the uploaded file's own name without any folder,
 * without characters that are unsafe in a file name or a header, or that could disguise it
 * (control and bidirectional-override characters), at most 100 characters, always ending .pdf.
 */
export function cleanCvName(fileName: string | undefined): string {
  const base = (fileName ?? "").normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"*:<>?|]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\.pdf$/i, "")
    // No hidden file, and nothing trailing that a file system would drop.
    .replace(/^[.\s]+|[.\s]+$/g, "");
  const stem = [...cleaned].slice(0, 96).join("").trim();
  return `${stem || "cv"}.pdf`;
}

const endsAsPdf = (bytes: Buffer) =>
  bytes.subarray(Math.max(0, bytes.length - END_WINDOW)).includes(PDF_END);

/**
 * The upload checked: what to store, or a 422 on `cv` saying what is wrong with it. The size
 * and the first and last bytes are checked first, so that only what looks like a whole PDF of
 * an allowed size is parsed.
 */
export async function checkCv(bytes: Buffer, fileName?: string): Promise<CheckedCv> {
  if (bytes.length === 0) throw refuse(CV_MESSAGES.empty);
  if (bytes.length > CV_MAX_BYTES) throw refuse(CV_MESSAGES.tooLarge);
  if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw refuse(CV_MESSAGES.notPdf);
  if (!endsAsPdf(bytes)) throw refuse(CV_MESSAGES.broken);
  if ((await parse(bytes)) < 1) throw refuse(CV_MESSAGES.noPages);
  return { bytes, name: cleanCvName(fileName), size: bytes.length };
}

/**
 * Content-Disposition for showing a CV in the browser under its name: a plain-ASCII `filename`
 * for old clients, and the exact name in `filename*` (RFC 6266, RFC 8187).
 */
export function inlineCvDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
