import { isCvFrameRequest, type CvFrameReport } from "@/features/applications/cv-frame";
import { startControls } from "./controls";
import { openPdf } from "./open-pdf";
import { showPages } from "./page-views";

/*
 * The CV frame's document (/cv-viewer.html, features/applications/cv-frame.ts): it takes a PDF's
 * bytes from the page that frames it, and only from that page, and draws them with pdf.js. It is
 * sandboxed without allow-same-origin (by the iframe and by its own CSP), so whatever a PDF does
 * to it cannot reach the employer's page, token or cookies.
 */

const main = document.querySelector("main")!;
const pages = document.getElementById("pages")!;
const status = document.getElementById("status")!;
const toolbar = document.querySelector<HTMLElement>(".toolbar")!;

/**
 * To the framing page. The messages carry nothing but their type, and this document cannot
 * read the parent's origin (it is another origin to it), hence "*".
 */
function report(message: CvFrameReport) {
  window.parent.postMessage(message, "*");
}

function say(text: string, role: "status" | "alert") {
  status.textContent = text;
  status.setAttribute("role", role);
  status.className = role === "alert" ? "status error" : "status";
  status.hidden = false;
}

async function show(bytes: ArrayBuffer) {
  try {
    const pdf = await openPdf(bytes).promise;
    await showPages(pdf, pages, () => {
      status.hidden = true;
      main.setAttribute("aria-busy", "false");
      report({ type: "cv-frame:shown", pages: pdf.numPages });
      startControls({
        toolbar,
        main,
        pages,
        onHeight: (height) => report({ type: "cv-frame:size", height }),
      });
    });
  } catch {
    pages.replaceChildren();
    main.setAttribute("aria-busy", "false");
    say(
      "This CV cannot be shown here: the file may be damaged. Download it to open it on your computer.",
      "alert",
    );
    report({ type: "cv-frame:failed" });
  }
}

if (window.parent === window) {
  say("This page shows a CV inside an applicant's page on the board.", "status");
} else {
  let asked = false;
  window.addEventListener("message", (event) => {
    // Only the framing page, and only a request of the expected shape; one CV per document (the
    // page frames a new document for another CV). In the tab "Open full size" opens (issue 61),
    // the page that opened the tab sends it: a message's source is the window whose script sent
    // it, and the tab has none of its own.
    const sender = event.source;
    const framing =
      sender !== null && (sender === window.parent || sender === window.parent.opener);
    if (!framing || !isCvFrameRequest(event.data) || asked) return;
    asked = true;
    void show(event.data.pdf);
  });
  report({ type: "cv-frame:ready" });
}
