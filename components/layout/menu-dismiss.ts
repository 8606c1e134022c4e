/**
 * The click that follows a tap closing the phone menu (components/layout/mobile-menu.tsx) does
 * nothing (issue 61). The menu is an HTML popover, which the browser closes by light dismiss:
 * a press beside it (pointerdown) and its release (pointerup) hide it. On a touch screen the
 * tap's click only comes after that, from the gesture the browser recognises once the finger
 * has lifted, and it is aimed at whatever lies under the finger *then*: the menu is gone, so the
 * page no longer ignores pointers (styles/globals.css keeps it inert only while the menu is
 * open), and the click lands on the link under it (/companies/… on a tablet's margin). Whether
 * the page has been restyled before the click is aimed is a race with the machine's speed: a
 * busy core lost it about once in fifty runs.
 *
 * So the gesture that closes the menu is marked when it starts (a pointerdown outside the open
 * panel) and its click is swallowed, before anything on the page sees it; the mark goes with the
 * next pointerdown, so a gesture with no click (a scroll) leaves nothing behind. An inline script
 * in the document's head: the menu works before the page's scripts run (issue 42), and so must
 * this.
 */
export const MENU_DISMISS_SCRIPT = `(function(w,d){var armed=false;w.addEventListener("pointerdown",function(e){var m=d.querySelector(".mobile-menu:popover-open");armed=!!m&&!m.contains(e.target)},true);w.addEventListener("click",function(e){if(!armed)return;armed=false;var m=d.querySelector(".mobile-menu:popover-open");if(m&&m.contains(e.target))return;e.preventDefault();e.stopImmediatePropagation()},true)})(window,document)`;
