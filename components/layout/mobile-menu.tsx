import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import { useEffect, useState } from "react";
import { headerThemes, type HeaderTheme } from "@/components/layout/header-theme";
import { SpriteIcon } from "@/components/ui/sprite-icon";

const loadPanel = () =>
  import("@/components/layout/mobile-menu-panel").then((module) => module.MobileMenuPanel);

// Headless UI's dialog is a large part of a page's script: it loads when the menu is first
// wanted (a finger or pointer on the button, focus, or the press itself), not with the page.
const MobileMenuPanel = dynamic(loadPanel, { ssr: false });

/** The phone-width menu: a side panel repeating the header's links, with toggling sub-menus. */
export function MobileMenu({ theme }: { theme: HeaderTheme }) {
  const [open, setOpen] = useState(false);
  // Once wanted, the panel stays mounted, so that it can animate closed and open again at once.
  const [wanted, setWanted] = useState(false);
  const close = () => setOpen(false);
  const { events } = useRouter();

  // Any navigation closes the panel, including the logo inside it.
  useEffect(() => {
    const closePanel = () => setOpen(false);
    events.on("routeChangeStart", closePanel);
    return () => events.off("routeChangeStart", closePanel);
  }, [events]);

  return (
    <div className="lg:hidden">
      <button
        type="button"
        onPointerEnter={() => void loadPanel()}
        onTouchStart={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-expanded={open}
        className={`-mr-1 inline-flex items-center justify-center rounded-lg p-2 focus-visible:outline-2 ${headerThemes[theme].iconButton} ${headerThemes[theme].focus}`}
      >
        <span className="sr-only">Open menu</span>
        <SpriteIcon name="bars" className="size-6" />
      </button>

      {wanted && <MobileMenuPanel open={open} close={close} />}
    </div>
  );
}
