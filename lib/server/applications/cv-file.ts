import { AsyncLocalStorage } from "node:async_hooks";
import {
  decodePDFRawStream,
  EncryptedPDFError,
  PDFArray,
  PDFContext,
  PDFDocument,
  PDFRawStream,
  type PDFObject,
} from "pdf-lib";
import { CV_MAX_BYTES } from "@/lib/applications/constants";
import { InvalidInput } from "../errors";

/*
 * An uploaded CV, checked before anything is stored: a PDF by its bytes (not by what the request
 * or the file name said), at most CV_MAX_BYTES, not encrypted, and one that parses, with a page.
 *
 * Why pdf-lib: it is pure JavaScript (no binary to build or download, nothing that runs a
 * program), it parses the whole document structure, cross-reference tables and object streams
 * alike, and it refuses encrypted documents by itself. It does not render or run anything in
 * the file. Employers open the CV in their own viewer; what this check gives them is a file that
 * is what it says it is.
 */

const refuse = (message: string) => new InvalidInput({ cv: [message] });

export const CV_MESSAGES = {
  empty: "Choose a PDF file for your CV",
  tooLarge: `Keep the CV under ${CV_MAX_BYTES / 1024 / 1024} MB`,
  notPdf: "The CV must be a PDF file",
  encrypted:
    "The CV is protected with a password or encryption: save it without protection and send it again",
  broken: "The CV is not a PDF we can read: save it again as a PDF and send that",
  noPages: "The CV has no pages",
} as const;

/** What to store for an accepted CV. */
export type CheckedCv = { bytes: Buffer; name: string; size: number };

/** Every PDF starts so (ISO 32000-1, 7.5.2). */
const PDF_MAGIC = Buffer.from("%PDF-");
/** And ends with this, give or take a little whitespace; a file cut short has lost it. */
const PDF_END = Buffer.from("%%EOF");
const END_WINDOW = 1024;

/**
 * How many bytes pdf-lib may decode from the document's streams while a CV is checked. Loading
 * decodes object streams and cross-reference streams whole (and the check decodes each page's
 * content), and a few kB of deflated zeros can decode to gigabytes: measured, a 500 kB upload
 * took 1.2 GB of memory and 3.5 s. An honest CV's come to a few MB at most.
 */
export const CV_DECODE_LIMIT = 64 * 1024 * 1024;

class DecodeLimitReached extends Error {}

/** What pdf-lib says of an encrypted document (its own error's message). */
const ENCRYPTED_MESSAGE = new EncryptedPDFError().message;

const decodeBudget = new AsyncLocalStorage<{ left: number }>();

/*
 * pdf-lib has no limit of its own, so its stream decoders (all subclasses of one DecodeStream,
 * which is not exported: reached through a stream decodePDFRawStream makes) are charged for
 * every byte their buffers grow by, while a CV is checked. Outside checkCv nothing changes. If a
 * later pdf-lib is shaped otherwise, this module fails to load rather than check CVs unbounded.
 */
(() => {
  const context = PDFContext.create();
  const probe = decodePDFRawStream(
    PDFRawStream.of(context.obj({ Filter: "ASCIIHexDecode" }), new Uint8Array(0)),
  );
  const prototype = Object.getPrototypeOf(Object.getPrototypeOf(probe) as object) as {
    ensureBuffer?: (this: { buffer: Uint8Array }, requested: number) => Uint8Array;
  };
  const ensureBuffer = prototype.ensureBuffer;
  if (typeof ensureBuffer !== "function") {
    throw new Error("pdf-lib's stream decoding has changed: the CV check cannot bound it");
  }
  prototype.ensureBuffer = function (requested) {
    const budget = decodeBudget.getStore();
    const before = this.buffer.byteLength;
    if (budget && requested > before) {
      // The buffer at least doubles: charged before it is made.
      budget.left -= Math.max(requested, 2 * before) - before;
      if (budget.left < 0) throw new DecodeLimitReached("The PDF decodes to too much data");
    }
    return ensureBuffer.call(this, requested);
  };
})();

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

/** The streams that draw a page: one, or an array of them. */
function contentStreams(contents: PDFObject | undefined): PDFRawStream[] {
  if (contents instanceof PDFRawStream) return [contents];
  if (!(contents instanceof PDFArray)) return [];
  return contents
    .asArray()
    .map((_, index) => contents.lookup(index))
    .filter((stream) => stream instanceof PDFRawStream);
}

/**
 * The document parsed, with each page's drawing decoded: pdf-lib decodes only the streams that
 * hold objects while it loads, so a page whose compressed content is damaged would pass without
 * this. Answers its page count. Everything is decoded under one CV_DECODE_LIMIT.
 */
async function parse(bytes: Buffer): Promise<number> {
  try {
    return await decodeBudget.run({ left: CV_DECODE_LIMIT }, async () => {
      // Strict about invalid objects: pdf-lib would otherwise skip what it cannot read.
      const document = await PDFDocument.load(bytes, {
        throwOnInvalidObject: true,
        updateMetadata: false,
      });
      const pages = document.getPages();
      for (const page of pages) {
        for (const stream of contentStreams(page.node.Contents())) {
          decodePDFRawStream(stream).decode();
        }
      }
      return pages.length;
    });
  } catch (error) {
    // pdf-lib's errors are compiled to ES5 classes, which instanceof does not recognise.
    if (error instanceof Error && error.message.includes(ENCRYPTED_MESSAGE)) {
      throw refuse(CV_MESSAGES.encrypted);
    }
    throw refuse(CV_MESSAGES.broken);
  }
}

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
