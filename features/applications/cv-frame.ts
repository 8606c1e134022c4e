/*
 * The CV frame (issue 40): the document the employer's pipeline shows an applicant's CV in,
 * sandboxed without allow-same-origin, and the messages it and the page send each other. The
 * page (features/applications/components/pipeline/cv-viewer.tsx) hands it the PDF's bytes; the frame's
 * own code (features/applications/components/pipeline/cv-frame/) draws them with pdf.js. The server sends
 * the document and its files with headers of their own (lib/server/http/security-headers.ts).
 */

/** Where the frame's files are served: shared, as the server layer gives them their own headers. */
export { CV_FRAME_ASSETS, CV_FRAME_PATH, cvFrameFile } from "@/lib/cv-frame-files";

/** The page asks the frame to show a PDF (its bytes, transferred). */
export type CvFrameRequest = { type: "cv-frame:show"; pdf: ArrayBuffer };

/**
 * What the frame tells the page: it is ready for a PDF; it drew the first page (of `pages`);
 * the height, in CSS pixels, it needs to show one whole page fitted to its width with its
 * controls (issue 61: the page sizes the frame by it, so no empty grey box is left below); or it
 * could not draw the PDF (and says so itself).
 */
export type CvFrameReport =
  | { type: "cv-frame:ready" }
  | { type: "cv-frame:shown"; pages: number }
  | { type: "cv-frame:size"; height: number }
  | { type: "cv-frame:failed" };

const isRecord = (data: unknown): data is Record<string, unknown> =>
  typeof data === "object" && data !== null;

/** A message is read only when it has exactly the shape of a request. */
export function isCvFrameRequest(data: unknown): data is CvFrameRequest {
  return (
    isRecord(data) &&
    data.type === "cv-frame:show" &&
    data.pdf instanceof ArrayBuffer &&
    Object.keys(data).length === 2
  );
}

export function isCvFrameReport(data: unknown): data is CvFrameReport {
  if (!isRecord(data)) return false;
  switch (data.type) {
    case "cv-frame:ready":
    case "cv-frame:failed":
      return Object.keys(data).length === 1;
    case "cv-frame:shown":
      return Number.isInteger(data.pages) && Object.keys(data).length === 2;
    case "cv-frame:size":
      return (
        typeof data.height === "number" &&
        Number.isFinite(data.height) &&
        data.height > 0 &&
        Object.keys(data).length === 2
      );
    default:
      return false;
  }
}
