import {
  CloseButton,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
} from "@headlessui/react";
import { XMarkIcon } from "@heroicons/react/24/outline";
import { ChevronDownIcon } from "@heroicons/react/20/solid";
import { AccountLink } from "@/components/layout/account-link";
import { HEADER_LINKS, headerMenus } from "@/components/layout/navigation";
import { NavAnchor } from "@/components/ui/nav-anchor";
import { Logo } from "@/components/ui/logo";

const rowClass =
  "flex w-full items-center justify-between rounded-lg px-3 py-2.5 text-base font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-violet-600";

/**
 * The phone-width menu's side panel, repeating the header's links, with toggling sub-menus.
 * Loaded when the menu is first wanted (see MobileMenu), not with every page.
 */
export function MobileMenuPanel({ open, close }: { open: boolean; close: () => void }) {
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50 lg:hidden">
      <DialogBackdrop className="fixed inset-0 bg-gray-950/40 motion-safe:animate-fade-in" />
      <DialogPanel className="fixed inset-y-0 right-0 flex w-full max-w-sm flex-col overflow-y-auto bg-white shadow-xl motion-safe:animate-panel-in">
        <div className="flex h-16 shrink-0 items-center justify-between px-4">
          <DialogTitle as="div">
            <Logo />
          </DialogTitle>
          <CloseButton className="-mr-1 rounded-lg p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-violet-600">
            <span className="sr-only">Close menu</span>
            <XMarkIcon aria-hidden="true" className="size-6" />
          </CloseButton>
        </div>

        <nav aria-label="Mobile" className="flex-1 space-y-1 border-t border-gray-100 px-4 py-4">
          {HEADER_LINKS.map((link) => (
            <NavAnchor key={link.href} link={link} className={rowClass} onClick={close} />
          ))}
          {headerMenus().map((menu) => (
            <Disclosure key={menu.label} as="div">
              <DisclosureButton className={`group ${rowClass}`}>
                {menu.label}
                <ChevronDownIcon
                  aria-hidden="true"
                  className="size-5 text-gray-500 transition-transform group-data-open:rotate-180"
                />
              </DisclosureButton>
              <DisclosurePanel className="mt-1 space-y-1 pl-3">
                {menu.items.map((item) => (
                  <NavAnchor
                    key={item.href}
                    link={item}
                    onClick={close}
                    className="block rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-violet-600"
                  />
                ))}
              </DisclosurePanel>
            </Disclosure>
          ))}
        </nav>

        <div className="border-t border-gray-100 p-4">
          <AccountLink
            onNavigate={close}
            signInClassName="flex w-full items-center justify-center rounded-lg bg-violet-600 px-4 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            profileClassName={`justify-start gap-3 ${rowClass}`}
            profileLabelClassName=""
          />
        </div>
      </DialogPanel>
    </Dialog>
  );
}
