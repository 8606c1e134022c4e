/*
 * Where the CV frame's files are served (issue 40). The server layer
 * (lib/server/http/server-layer.ts) sends them with a policy and a lifetime of their own; the frame
 * itself, and the messages it and the page send each other, are features/applications/cv-frame.ts,
 * which re-exports these.
 */

/** The frame's document, built into public/ by scripts/build-cv-viewer.ts. */
export const CV_FRAME_PATH = "/cv-viewer.html";

/** The folder of its script and style sheet, whose names carry a hash of their content. */
export const CV_FRAME_ASSETS = "/cv-viewer/";

/** Which of the frame's files a path names, if any: its document, or a hashed script or style. */
export function cvFrameFile(pathname: string): "document" | "asset" | null {
  if (pathname === CV_FRAME_PATH) return "document";
  return pathname.startsWith(CV_FRAME_ASSETS) ? "asset" : null;
}
