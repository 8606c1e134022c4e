import { useRouter } from "next/router";
import { useEffect, useRef } from "react";
import { headerThemes, type HeaderTheme } from "@/components/ui/header-theme";
import { MobileMenuPanel } from "@/components/layout/mobile-menu-panel";
import { SpriteIcon } from "@/components/ui/sprite-icon";

/** The panel's id, which its open and close buttons name (popovertarget). */
const PANEL_ID = "mobile-menu";

/**
 * The phone-width menu: a side panel repeating the header's links, with toggling sub-menus. The
 * browser opens and closes it (an HTML popover), so a tap answers at once, before the page's
 * scripts run, which on a slow phone is seconds after the first tap (issue 42): nothing is held
 * for React or handed over to it. The browser also closes it with Escape or a tap beside it,
 * and gives focus back to the button. React only closes it on a client-side navigation.
 */
export function MobileMenu({ theme }: { theme: HeaderTheme }) {
  const panel = useRef<HTMLDivElement>(null);
  const { events } = useRouter();

  // A link in the panel navigates without a page load once React has the page.
  useEffect(() => {
    const closePanel = () => panel.current?.hidePopover();
    events.on("routeChangeStart", closePanel);
    return () => events.off("routeChangeStart", closePanel);
  }, [events]);

  return (
    <div className="lg:hidden">
      <button
        type="button"
        popoverTarget={PANEL_ID}
        className={`-mr-1 inline-flex items-center justify-center rounded-lg p-2 focus-visible:outline-2 ${headerThemes[theme].iconButton} ${headerThemes[theme].focus}`}
      >
        <span className="sr-only">Open menu</span>
        <SpriteIcon name="bars" className="size-6" />
      </button>
      <MobileMenuPanel id={PANEL_ID} ref={panel} />
    </div>
  );
}
