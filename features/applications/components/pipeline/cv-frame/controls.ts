/*
 * The CV frame's controls (issue 61): zoom out and in from "fit to width" (the pages as wide as
 * the frame), page by page with "Page n of m", and the keys for each (+, −, 0, Page Up, Page
 * Down). The pages scroll in `main`, both ways once zoomed in.
 */

/** The zoom steps, as a share of the frame's width; 1 is "fit to width". */
export const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;
const FIT = ZOOMS.indexOf(1);

type Controls = {
  toolbar: HTMLElement;
  main: HTMLElement;
  pages: HTMLElement;
  /** Told the height the frame needs to show one whole page at "fit to width". */
  onHeight: (height: number) => void;
};

const button = (id: string) => document.getElementById(id) as HTMLButtonElement;

export function startControls({ toolbar, main, pages, onHeight }: Controls): void {
  const previous = button("previous");
  const next = button("next");
  const zoomOut = button("zoom-out");
  const zoomIn = button("zoom-in");
  const fit = button("fit");
  const pageOf = document.getElementById("page-of")!;
  const zoomReadout = document.getElementById("zoom")!;
  const sheets = () => [...pages.querySelectorAll<HTMLElement>("section.page")];

  let zoom = FIT;
  let current = 1;

  function showPage(number: number) {
    current = number;
    const count = sheets().length;
    pageOf.textContent = `Page ${number} of ${count}`;
    previous.disabled = number <= 1;
    next.disabled = number >= count;
  }

  /** The page at the middle of the view, or the last one whose top has passed it. */
  function pageInView(): number {
    const middle = main.getBoundingClientRect().top + main.clientHeight / 2;
    let number = 1;
    sheets().forEach((sheet, index) => {
      if (sheet.getBoundingClientRect().top <= middle) number = index + 1;
    });
    // Scrolled to the end: the last page, however short the pages before it left it.
    if (main.scrollTop + main.clientHeight >= main.scrollHeight - 1) number = sheets().length;
    return number;
  }

  function goTo(number: number) {
    const sheet = sheets()[number - 1];
    if (!sheet) return;
    const top = sheet.getBoundingClientRect().top - main.getBoundingClientRect().top;
    main.scrollTo({ top: main.scrollTop + top - 8 });
    showPage(number);
  }

  function setZoom(step: number) {
    zoom = Math.min(Math.max(step, 0), ZOOMS.length - 1);
    // The same place stays in view: the scroll keeps its share of the grown or shrunk pages.
    const down = main.scrollHeight > 0 ? main.scrollTop / main.scrollHeight : 0;
    const across = main.scrollWidth > 0 ? main.scrollLeft / main.scrollWidth : 0;
    pages.style.setProperty("--zoom", String(ZOOMS[zoom]));
    main.scrollTop = down * main.scrollHeight;
    main.scrollLeft = across * main.scrollWidth;
    zoomReadout.textContent = `${Math.round(ZOOMS[zoom]! * 100)}%`;
    zoomOut.disabled = zoom === 0;
    zoomIn.disabled = zoom === ZOOMS.length - 1;
    fit.disabled = zoom === FIT;
  }

  previous.addEventListener("click", () => goTo(current - 1));
  next.addEventListener("click", () => goTo(current + 1));
  zoomOut.addEventListener("click", () => setZoom(zoom - 1));
  zoomIn.addEventListener("click", () => setZoom(zoom + 1));
  fit.addEventListener("click", () => setZoom(FIT));
  main.addEventListener("scroll", () => showPage(pageInView()), { passive: true });
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const act: Record<string, () => void> = {
      "+": () => setZoom(zoom + 1),
      "=": () => setZoom(zoom + 1),
      "-": () => setZoom(zoom - 1),
      _: () => setZoom(zoom - 1),
      "0": () => setZoom(FIT),
      PageDown: () => goTo(Math.min(current + 1, sheets().length)),
      PageUp: () => goTo(Math.max(current - 1, 1)),
    };
    const action = act[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  // The height of one whole page fitted to the width, with the controls and the margins.
  let told = 0;
  const measure = () => {
    const first = sheets()[0]?.querySelector<HTMLElement>(".sheet");
    if (!first || first.offsetWidth === 0) return;
    const style = getComputedStyle(main);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const across =
      main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = Math.ceil(
      toolbar.offsetHeight + padding + (across * first.offsetHeight) / first.offsetWidth,
    );
    if (Math.abs(height - told) < 1) return;
    told = height;
    onHeight(height);
  };
  new ResizeObserver(measure).observe(main);

  toolbar.hidden = false;
  main.tabIndex = 0;
  setZoom(FIT);
  showPage(1);
  measure();
}
