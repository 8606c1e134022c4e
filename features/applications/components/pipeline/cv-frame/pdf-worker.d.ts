// pdf.js ships no types for its worker module; open-pdf.ts only hands its export back to pdf.js.
declare module "pdfjs-dist/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
