import { AnnotationMode, type PDFDocumentProxy, type PDFPageProxy } from "pdfjs-dist";
import type { TextContent } from "pdfjs-dist/types/src/display/api";
import { textLines } from "./text-lines";

/*
 * A PDF's pages, stacked, each drawn on a canvas as wide as their container (the frame's width
 * times its zoom, controls.ts), at the screen's pixel density, with the page's text beside it
 * for screen readers (the canvas is a picture to them).
 * Pages are drawn when they come near the view, and again when the frame's width or the screen's
 * density changes: a long PDF costs no more memory than the pages looked at.
 */

/**
 * The most pixels one page's canvas holds (4096², 64 MB): a poster-sized page on a dense screen
 * would otherwise ask for more memory than the browser gives a canvas.
 */
const MAX_CANVAS_PIXELS = 4096 * 4096;

/** A resize is drawn for once it has stopped for this long, not at every step of a drag. */
const RESIZE_SETTLE_MS = 150;

type PageView = {
  page: PDFPageProxy;
  /** Sized by the page's proportions before it is drawn, so nothing moves when it is. */
  sheet: HTMLElement;
  canvas: HTMLCanvasElement | null;
  /** The width and pixel density it was drawn for ("" while not drawn). */
  drawnFor: string;
  /** Within a screen's height of the view. */
  near: boolean;
};

/**
 * Lays out every page of `pdf` in `container` and draws those near the view, calling
 * `onFirstPage` once the first is on screen; rejects if the first page cannot be read or drawn.
 * The frame shows one PDF for its whole life: what watches the view stays as long.
 */
export async function showPages(
  pdf: PDFDocumentProxy,
  container: HTMLElement,
  onFirstPage: () => void,
): Promise<void> {
  const views: PageView[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    views.push(pageView(await pdf.getPage(number), number, pdf.numPages, container));
  }

  let stopped = false;
  let drawing = false;
  let again = false;
  /** Settled once the first page is drawn, or could not be. */
  const first = Promise.withResolvers<void>();
  let firstShown = false;
  if (views.length === 0) first.reject(new Error("The PDF has no pages"));

  /** Draws, in order, every near page not drawn for the current width and density. */
  async function draw() {
    if (drawing) {
      again = true;
      return;
    }
    drawing = true;
    do {
      again = false;
      const width = container.clientWidth;
      const density = window.devicePixelRatio || 1;
      const key = `${width}@${density}`;
      for (const view of views) {
        if (stopped || again) break;
        if (!view.near || view.drawnFor === key || width === 0) continue;
        try {
          await drawPage(view, width, density);
          view.drawnFor = key;
        } catch (error) {
          if (stopped) break;
          view.drawnFor = key;
          if (view === views[0] && !firstShown) first.reject(error);
          else pageFailed(view);
        }
        if (view === views[0] && !firstShown && view.canvas) {
          firstShown = true;
          first.resolve();
        }
      }
    } while (again && !stopped);
    drawing = false;
  }

  let settle: ReturnType<typeof setTimeout> | undefined;
  const drawSoon = () => {
    clearTimeout(settle);
    settle = setTimeout(() => void draw(), RESIZE_SETTLE_MS);
  };
  const resize = new ResizeObserver(drawSoon);
  resize.observe(container);
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const view = views.find((candidate) => candidate.sheet === entry.target);
        if (view) view.near = entry.isIntersecting;
      }
      void draw();
    },
    // The box the pages scroll in, in this frame's own document: the page around it is another
    // origin, for which browsers ignore the margin, and a frame below the fold would draw
    // nothing until scrolled to.
    { root: container.closest("main") ?? document, rootMargin: "100% 0px" },
  );
  for (const view of views) near.observe(view.sheet);
  // Moving to a screen of another density changes no width: ask again each time it changes.
  let density: MediaQueryList | undefined;
  const watchDensity = () => {
    density?.removeEventListener("change", onDensity);
    density = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    density.addEventListener("change", onDensity);
  };
  const onDensity = () => {
    watchDensity();
    drawSoon();
  };
  watchDensity();

  try {
    await first.promise;
  } catch (error) {
    stopped = true;
    clearTimeout(settle);
    resize.disconnect();
    near.disconnect();
    density?.removeEventListener("change", onDensity);
    throw error;
  }
  onFirstPage();
  void readText(views);
}

/** A page's place in the stack: its heading and text for screen readers, its sheet to draw on. */
function pageView(
  page: PDFPageProxy,
  number: number,
  count: number,
  container: HTMLElement,
): PageView {
  const section = document.createElement("section");
  section.className = "page";
  const heading = document.createElement("h2");
  heading.className = "visually-hidden";
  heading.textContent = `Page ${number} of ${count}`;
  const sheet = document.createElement("div");
  sheet.className = "sheet";
  const { width, height } = page.getViewport({ scale: 1 });
  sheet.style.aspectRatio = `${width} / ${height}`;
  section.append(heading, sheet);
  container.append(section);
  return { page, sheet, canvas: null, drawnFor: "", near: false };
}

/**
 * Draws a page `width` CSS pixels wide at `density` device pixels each, on a new canvas that
 * replaces the old one only once it is drawn (a redraw never shows a blank page).
 */
async function drawPage(view: PageView, width: number, density: number): Promise<void> {
  const unscaled = view.page.getViewport({ scale: 1 });
  let scale = (width / unscaled.width) * density;
  const pixels = unscaled.width * unscaled.height * scale * scale;
  if (pixels > MAX_CANVAS_PIXELS) scale *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
  const viewport = view.page.getViewport({ scale });
  const canvas = document.createElement("canvas");
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.setAttribute("aria-hidden", "true");
  // Annotations are drawn as the PDF's appearance for them (a filled-in form shows its values);
  // none becomes an element, so no link or action in the PDF can be followed from here.
  await view.page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE }).promise;
  if (view.canvas) view.canvas.replaceWith(canvas);
  else view.sheet.append(canvas);
  view.canvas = canvas;
}

function pageFailed(view: PageView) {
  if (view.sheet.querySelector(".page-error")) return;
  const note = document.createElement("p");
  note.className = "page-error";
  note.textContent = "This page could not be drawn.";
  view.sheet.append(note);
}

/** Each page's text, line by line, after its heading: what a screen reader reads of the CV. */
async function readText(views: PageView[]): Promise<void> {
  for (const view of views) {
    let content: TextContent;
    try {
      content = await view.page.getTextContent();
    } catch {
      continue;
    }
    const text = document.createElement("div");
    text.className = "visually-hidden";
    for (const line of textLines(content)) {
      const paragraph = document.createElement("p");
      paragraph.textContent = line;
      text.append(paragraph);
    }
    view.sheet.after(text);
  }
}
