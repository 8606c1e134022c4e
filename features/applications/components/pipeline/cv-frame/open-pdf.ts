import { getDocument, VerbosityLevel, type PDFDocumentLoadingTask } from "pdfjs-dist";
import { WorkerMessageHandler } from "pdfjs-dist/build/pdf.worker.mjs";

/*
 * pdf.js reads a PDF in what it calls its worker. This document has an opaque origin (sandboxed
 * without allow-same-origin), so it can start no Worker from the site's address, and a module
 * script would need CORS: the worker's code is bundled into this one script instead, and pdf.js
 * runs it on this document's thread, which it does when globalThis.pdfjsWorker holds it.
 */
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = { WorkerMessageHandler };

/**
 * Starts reading a PDF from its bytes. Only drawing is asked of pdf.js: no XFA forms (they would
 * become HTML in this document), nothing fetched (fonts the PDF does not embed come from the
 * system; the frame's policy allows no request anyway), and no scripting: that is a part of
 * pdf.js (its sandbox and annotation layer) this bundle never loads, so a PDF's JavaScript
 * actions are read as data at most, never run. pdf.js 6 has no `isEvalSupported` option any more:
 * it no longer compiles anything with eval, and the frame's policy would refuse it.
 */
export function openPdf(bytes: ArrayBuffer): PDFDocumentLoadingTask {
  return getDocument({
    data: new Uint8Array(bytes),
    enableXfa: false,
    useWorkerFetch: false,
    disableAutoFetch: true,
    disableStream: true,
    verbosity: VerbosityLevel.ERRORS,
  });
}
