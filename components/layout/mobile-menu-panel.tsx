import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import type { Ref } from "react";
import { AccountLink } from "@/components/layout/account-link";
import { HEADER_LINKS, headerMenus } from "@/components/layout/navigation";
import { NavAnchor } from "@/components/layout/nav-anchor";
import { Logo } from "@/components/ui/logo";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { useAuth } from "@/lib/auth/auth-context";

// Signed-in visitors only: their pages by role, with the current user's query (issue 61).
const PanelAccountPages = dynamic(
  () => import("@/components/layout/account-pages").then((module) => module.PanelAccountPages),
  { ssr: false },
);

/** Every page the signed-in visitor has, under the panel's links; nothing when signed out. */
function SignedInPages() {
  const { token } = useAuth();
  const { pathname } = useRouter();
  return token ? <PanelAccountPages pathname={pathname} /> : null;
}

const rowClass =
  "flex w-full items-center justify-between rounded-lg px-3 py-2.5 text-base font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-violet-600";

const keepAutofocus = (button: HTMLButtonElement | null) => {
  if (button) button.autofocus = true;
};

/**
 * The phone-width menu's side panel (MobileMenu opens it), in the server's HTML: a popover in
 * the top layer, over a dimmed page that does not scroll meanwhile (styles/globals.css). Its
 * close button takes focus when it opens (`autofocus`, which the browser honours in a popover
 * it shows), as a dialog's would. The sub-menus are <details>: they open with no script too.
 */
export function MobileMenuPanel({ id, ref }: { id: string; ref: Ref<HTMLDivElement> }) {
  return (
    <div
      id={id}
      ref={ref}
      popover="auto"
      role="dialog"
      aria-label="Menu"
      className="mobile-menu fixed inset-y-0 right-0 left-auto hidden h-dvh w-[calc(100%-3.5rem)] max-w-sm flex-col overflow-y-auto bg-white text-gray-900 shadow-xl backdrop:bg-gray-950/40 open:flex motion-safe:open:animate-panel-in"
    >
      <div className="flex h-16 shrink-0 items-center justify-between px-4">
        <Logo />
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          // The attribute, which the browser honours when it shows the panel: the server renders
          // it, but React rendering in the browser only focuses the button on mount (which does
          // nothing in a closed panel), so the ref sets it there.
          autoFocus
          ref={keepAutofocus}
          className="-mr-1 rounded-lg p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <span className="sr-only">Close menu</span>
          <SpriteIcon name="x-mark" className="size-6" />
        </button>
      </div>

      <nav aria-label="Mobile" className="flex-1 space-y-1 border-t border-gray-100 px-4 py-4">
        {HEADER_LINKS.map((link) => (
          <NavAnchor key={link.href} link={link} className={rowClass} />
        ))}
        {headerMenus().map((menu) => (
          <details key={menu.label} className="group">
            <summary
              className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${rowClass}`}
            >
              {menu.label}
              <SpriteIcon
                name="chevron-down"
                className="size-5 text-gray-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="mt-1 space-y-1 pl-3">
              {menu.items.map((item) => (
                <NavAnchor
                  key={item.href}
                  link={item}
                  className="block rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-violet-600"
                />
              ))}
            </div>
          </details>
        ))}
      </nav>

      <SignedInPages />

      <div className="border-t border-gray-100 p-4">
        <AccountLink
          signInClassName="flex w-full items-center justify-center rounded-lg bg-violet-600 px-4 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
          profileClassName={`justify-start gap-3 ${rowClass}`}
          profileLabelClassName=""
        />
      </div>
    </div>
  );
}
