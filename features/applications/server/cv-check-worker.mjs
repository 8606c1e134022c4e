/*
 * Reads one uploaded CV in a worker thread (cv-file.ts starts it with limits of memory and
 * time, and ends it when either is passed): the PDF parsed whole by pdf-lib, each page's
 * drawing decoded, and every object looked through for content a reader would run or open.
 * Posts one verdict, { verdict, pages }, and exits. Plain JavaScript, so that Node runs it as
 * it is, from the sources in tests and from the build in production.
 *
 * Why pdf-lib: it is pure JavaScript (no binary to build or download, nothing that runs a
 * program), it parses the whole document structure, cross-reference tables and object streams
 * alike, and it refuses encrypted documents by itself (unless given their password, which the
 * check never does). It does not render or run anything in the file. Its maintained fork,
 * @cantoo/pdf-lib (issue 60: pdf-lib has had no release since 1.17.1), with the same API.
 */
import { parentPort, workerData } from "node:worker_threads";
import {
  decodePDFRawStream,
  EncryptedPDFError,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
} from "@cantoo/pdf-lib";

/** @type {{ bytes: Uint8Array, decodeLimit: number }} */
const { bytes, decodeLimit } = workerData;

class DecodeLimitReached extends Error {}

/*
 * pdf-lib has no limit of its own on what its stream decoders inflate (nor has the fork, at
 * 2.11.1: no option, and the same decoders, ported from pdf.js), so they are charged for every
 * byte their buffers grow by (all subclasses of one DecodeStream, which is not exported:
 * reached through a stream decodePDFRawStream makes). A few kB of deflated zeros can decode to
 * gigabytes, which live outside the worker's heap and its limit. If a later version is shaped
 * otherwise, the check fails rather than run unbounded.
 */
let decodeLeft = decodeLimit;
const probe = decodePDFRawStream(
  PDFRawStream.of(PDFContext.create().obj({ Filter: "ASCIIHexDecode" }), new Uint8Array(0)),
);
const decodeStream = Object.getPrototypeOf(Object.getPrototypeOf(probe));
const ensureBuffer = decodeStream.ensureBuffer;
if (typeof ensureBuffer !== "function") {
  throw new Error("pdf-lib's stream decoding has changed: the CV check cannot bound it");
}
/** @this {{ buffer: Uint8Array }} @param {number} requested */
decodeStream.ensureBuffer = function (requested) {
  const before = this.buffer.byteLength;
  if (requested > before) {
    // The buffer at least doubles: charged before it is made.
    decodeLeft -= Math.max(requested, 2 * before) - before;
    if (decodeLeft < 0) throw new DecodeLimitReached("The PDF decodes to too much data");
  }
  return ensureBuffer.call(this, requested);
};

/**
 * A name as a PDF reader understands it: pdf-lib decodes only upper-case #-escapes, and a
 * reader decodes both (/J#61vaScript and /J#6a... are names of their own to pdf-lib).
 * @param {InstanceType<typeof PDFName>} name
 */
function readerName(name) {
  let text = name.asString().slice(1);
  for (let round = 0; round < 3 && text.includes("#"); round += 1) {
    text = text.replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  }
  return text;
}

/** Keys whose presence means scripts, forms that run them, or attached files. */
const ACTIVE_KEYS = new Set(["JS", "JavaScript", "EmbeddedFiles", "EF", "XFA", "RichMedia"]);
/** Actions (/S) that run code, open programs or files, or send data out. */
const ACTIVE_ACTIONS = new Set([
  "JavaScript",
  "Launch",
  "ImportData",
  "SubmitForm",
  "GoToE",
  "RichMediaExecute",
  "Rendition",
]);
/** Types (/Type, /Subtype) of attached files and the annotations that carry them. */
const ACTIVE_TYPES = new Set(["EmbeddedFile", "FileAttachment", "RichMedia", "Movie", "Sound"]);

/**
 * What in the document a reader would run or open: the first such thing found, named, or
 * null. Every object is looked at (those no page refers to too), and every dictionary and
 * array inside it.
 * @param {InstanceType<typeof PDFContext>} context
 */
function activeContent(context) {
  /** @type {unknown[]} */
  const stack = context.enumerateIndirectObjects().map(([, object]) => object);
  while (stack.length > 0) {
    const object = stack.pop();
    const dict =
      object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        const name = readerName(key);
        if (ACTIVE_KEYS.has(name)) return `/${name}`;
        if (value instanceof PDFName) {
          const text = readerName(value);
          if (name === "S" && ACTIVE_ACTIONS.has(text)) return `a /${text} action`;
          if ((name === "Type" || name === "Subtype") && ACTIVE_TYPES.has(text)) return `/${text}`;
        }
        stack.push(value);
      }
    } else if (object instanceof PDFArray) {
      // One by one: an array can hold a million items, more than a call's arguments.
      for (const item of object.asArray()) stack.push(item);
    }
  }
  return null;
}

/**
 * The streams that draw a page: one, or an array of them.
 * @param {unknown} contents
 * @returns {InstanceType<typeof PDFRawStream>[]}
 */
function contentStreams(contents) {
  if (contents instanceof PDFRawStream) return [contents];
  if (!(contents instanceof PDFArray)) return [];
  return contents
    .asArray()
    .map((_, index) => contents.lookup(index))
    .filter((stream) => stream instanceof PDFRawStream);
}

/** @returns {Promise<{ verdict: "ok" | "encrypted" | "broken" | "too_much" | "active", pages?: number, found?: string }>} */
async function inspect() {
  try {
    // Strict about invalid objects: pdf-lib would otherwise skip what it cannot read.
    const document = await PDFDocument.load(bytes, {
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    const pages = document.getPages();
    // pdf-lib decodes only the streams that hold objects while it loads: a page whose
    // compressed drawing is damaged would pass without this.
    for (const page of pages) {
      for (const stream of contentStreams(page.node.Contents())) {
        decodePDFRawStream(stream).decode();
      }
    }
    const found = activeContent(document.context);
    if (found) return { verdict: "active", found };
    return { verdict: "ok", pages: pages.length };
  } catch (error) {
    // pdf-lib may catch the decoders' error and fail on what it left unread.
    if (error instanceof DecodeLimitReached || decodeLeft < 0) return { verdict: "too_much" };
    if (error instanceof EncryptedPDFError) return { verdict: "encrypted" };
    return { verdict: "broken" };
  }
}

void inspect().then((result) => parentPort?.postMessage(result));
