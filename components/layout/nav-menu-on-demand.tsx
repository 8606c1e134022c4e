import { useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import type { NavMenu as NavMenuComponent } from "@/components/layout/nav-menu";
import type { NavMenu as NavMenuData } from "@/components/layout/navigation";
import { SpriteIcon } from "@/components/ui/sprite-icon";

type NavMenuProps = { menu: NavMenuData; buttonClassName: string };

let loaded: ComponentType<NavMenuProps> | undefined;

function loadNavMenu(): Promise<typeof NavMenuComponent> {
  return import("@/components/layout/nav-menu").then((module) => (loaded = module.NavMenu));
}

/** What the visitor did to the stand-in before the menu arrived, done again to the real one. */
type Intent = { focus: boolean; open?: "click" | string };

/** The keys that open Headless UI's menu from its button. */
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

/**
 * A header dropdown (NavMenu) whose script, Headless UI's menu, loads when the menu is first
 * wanted: a pointer over its button, focus, a touch or a press. Until then a button that looks
 * the same stands in its place; a press on it before the menu arrives opens the menu once it has,
 * and focus moves to the real button. On a phone the dropdowns are hidden and never load.
 */
export function NavMenuOnDemand({ menu, buttonClassName }: NavMenuProps) {
  const [Menu, setMenu] = useState(() => loaded);
  const intent = useRef<Intent | null>(null);
  const slot = useRef<HTMLDivElement>(null);

  const want = (next?: Partial<Intent>) => {
    if (next) intent.current = { focus: false, ...intent.current, ...next };
    void loadNavMenu().then((component) => {
      // Whatever happened in between, the real button takes focus if the stand-in has it now.
      if (slot.current?.contains(document.activeElement)) {
        intent.current = { ...intent.current, focus: true };
      }
      setMenu(() => component);
    });
  };

  // In the commit that swaps the menu in, before the browser can act on anything: a key pressed
  // between the stand-in leaving and the real button arriving would otherwise start from nowhere.
  useLayoutEffect(() => {
    const wanted = intent.current;
    const button = slot.current?.querySelector("button");
    if (!Menu || !wanted || !button) return;
    intent.current = null;
    if (wanted.focus) button.focus();
    if (wanted.open === "click") button.click();
    else if (wanted.open) {
      button.dispatchEvent(
        new window.KeyboardEvent("keydown", { key: wanted.open, bubbles: true }),
      );
    }
  }, [Menu]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    want({ open: event.key });
  };

  return (
    // `contents`: the slot takes no box, so the stand-in and the menu sit in the bar alike.
    <div ref={slot} className="contents">
      {Menu ? (
        <Menu menu={menu} buttonClassName={buttonClassName} />
      ) : (
        <div className="relative">
          <button
            type="button"
            aria-haspopup="menu"
            aria-expanded={false}
            className={`group inline-flex items-center gap-1 ${buttonClassName}`}
            onPointerEnter={() => want()}
            onTouchStart={() => want()}
            onFocus={() => want({ focus: true })}
            onBlur={() => intent.current && (intent.current.focus = false)}
            onKeyDown={onKeyDown}
            // A mouse press that began here may end on the real button, which then gets no click.
            onPointerDown={() => want({ open: "click" })}
            onClick={() => want({ open: "click" })}
          >
            {menu.label}
            <SpriteIcon name="chevron-down" className="size-4 opacity-70" />
          </button>
        </div>
      )}
    </div>
  );
}
