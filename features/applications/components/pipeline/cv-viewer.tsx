import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useApplicantCv } from "@/features/applications/hooks/use-applicants";
import {
  CV_FRAME_PATH,
  isCvFrameReport,
  type CvFrameRequest,
} from "@/features/applications/cv-frame";

/**
 * "Open full size" (issue 61): a new tab of this site's origin holding nothing but the CV frame,
 * as wide and tall as the tab, sandboxed as in the page (scripts and nothing else, no origin).
 * The PDF's bytes go to it by message from here, as to the page's frame: the tab has no address
 * of the CV, so nothing can be cached under one, guessed, or opened again from its history.
 */
function openCvTab(pdf: Blob, title: string) {
  const tab = window.open("", "_blank");
  if (!tab) return;
  const doc = tab.document;
  doc.documentElement.lang = "en";
  doc.title = title;
  const style = doc.createElement("style");
  style.textContent =
    "html,body{margin:0;height:100%;background:#f3f4f6}iframe{display:block;border:0;width:100%;height:100%}";
  doc.head.append(style);
  const frame = doc.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.title = title;
  frame.src = new URL(CV_FRAME_PATH, window.location.href).href;
  tab.addEventListener("message", (event) => {
    const target = frame.contentWindow;
    if (!target || event.source !== target || !isCvFrameReport(event.data)) return;
    if (event.data.type !== "cv-frame:ready") return;
    void pdf.arrayBuffer().then((bytes) => {
      const request: CvFrameRequest = { type: "cv-frame:show", pdf: bytes };
      target.postMessage(request, "*", [bytes]);
    });
  });
  doc.body.append(frame);
  frame.focus();
}

/** How long after the frame's document has loaded it may take to say it is ready. */
const FRAME_START_MS = 5_000;

/**
 * The applicant's CV in the page (issue 40): fetched with the bearer token into a Blob, and
 * drawn by the CV frame (features/applications/cv-frame.ts), a document sandboxed without
 * allow-same-origin that gets the PDF's bytes by message. Whatever the PDF holds runs, if at all,
 * in a document of no origin: it cannot reach this page, the token or the site's cookies. The
 * download link is an object URL (never an address carrying the token), released when the view
 * goes.
 */
export function CvViewer({
  listingId,
  applicationId,
  name,
  fileName,
}: {
  listingId: number;
  applicationId: number;
  name: string;
  fileName: string;
}) {
  const cv = useApplicantCv(listingId, applicationId, true);
  const frame = useRef<HTMLIFrameElement>(null);
  const download = useRef<HTMLAnchorElement>(null);
  /** How many times the frame said it is ready: each time, it is sent the PDF. */
  const [readyCount, setReadyCount] = useState(0);
  /** "done" once the frame shows the CV or its own message why it cannot. */
  const [state, setState] = useState<"loading" | "done" | "broken">("loading");
  /** The height the frame asked for: one whole page at its width, with its controls. */
  const [height, setHeight] = useState<number | null>(null);

  // The frame's reports, from its window and no other. Listening before the browser paints: the
  // frame cannot have said it is ready before then.
  useLayoutEffect(() => {
    const listen = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      if (!isCvFrameReport(event.data)) return;
      if (event.data.type === "cv-frame:ready") setReadyCount((count) => count + 1);
      else if (event.data.type === "cv-frame:size") setHeight(event.data.height);
      else setState("done");
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, []);

  // The PDF's bytes go to the frame once both are there, a copy each time it is ready.
  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!cv.data || readyCount === 0 || !target) return;
    let current = true;
    void cv.data.arrayBuffer().then((pdf) => {
      if (!current) return;
      const request: CvFrameRequest = { type: "cv-frame:show", pdf };
      // "*": the frame's origin is opaque, which no target origin can name. The window is the
      // one this component framed, whose document only navigates when this page tells it to.
      target.postMessage(request, "*", [pdf]);
    });
    return () => {
      current = false;
    };
  }, [cv.data, readyCount]);

  // The object URL lives exactly as long as this view of this file.
  useEffect(() => {
    if (!cv.data || !download.current) return;
    const url = URL.createObjectURL(cv.data);
    download.current.href = url;
    return () => URL.revokeObjectURL(url);
  }, [cv.data]);

  // A frame whose script did not run (say, a copy of its document from before a deploy) never
  // says it is ready: the placeholder gives way to a message rather than pulse forever.
  const [frameLoaded, setFrameLoaded] = useState(false);
  useEffect(() => {
    if (!frameLoaded || readyCount > 0) return;
    const timer = setTimeout(() => setState("broken"), FRAME_START_MS);
    return () => clearTimeout(timer);
  }, [frameLoaded, readyCount]);

  const openFullSize = () => {
    if (cv.data) openCvTab(cv.data, `CV of ${name}`);
  };

  if (cv.isError) {
    return (
      <p className="text-sm text-gray-600">The CV could not be loaded. It may have been deleted.</p>
    );
  }
  return (
    <div>
      {/* As tall as one page fitted to the width (the frame says how tall), never taller than
          most of the screen: no empty grey box below a phone's narrow page (issue 61). */}
      <div
        className={`relative max-h-[85vh] ${height === null ? "aspect-[17/22]" : ""}`}
        style={height === null ? undefined : { height }}
      >
        <iframe
          ref={frame}
          src={CV_FRAME_PATH}
          // Scripts (pdf.js) and nothing else: no origin (so no access to this page, its
          // storage or cookies), no popups, no navigating this page, no forms.
          sandbox="allow-scripts"
          title={`CV of ${name}`}
          onLoad={() => setFrameLoaded(true)}
          inert={state !== "done"}
          className="size-full rounded-lg bg-gray-100 ring-1 ring-gray-200"
        />
        {state === "loading" && (
          <div
            role="status"
            aria-busy="true"
            className="absolute inset-0 animate-pulse rounded-lg bg-gray-100"
          >
            <span className="sr-only">Loading the CV…</span>
          </div>
        )}
        {state === "broken" && (
          <p className="absolute inset-0 grid place-items-center rounded-lg bg-gray-100 p-6 text-center text-sm text-gray-600">
            The CV cannot be shown here. Download it to read it.
          </p>
        )}
      </div>
      {/* The link's line is kept while the file loads: nothing below it moves when it comes. */}
      <div className="mt-2 flex min-h-5 flex-wrap items-center gap-x-4 gap-y-1">
        {cv.data && (
          <>
            <button
              type="button"
              onClick={openFullSize}
              disabled={state !== "done"}
              className="cursor-pointer text-sm font-medium text-violet-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:cursor-wait disabled:text-gray-500"
            >
              Open full size<span className="sr-only"> (the CV of {name}, in a new tab)</span>
            </button>
            <a
              ref={download}
              download={fileName}
              className="text-sm font-medium text-violet-700 hover:underline"
            >
              Download the CV<span className="sr-only"> of {name}</span> ({fileName})
            </a>
          </>
        )}
      </div>
    </div>
  );
}
