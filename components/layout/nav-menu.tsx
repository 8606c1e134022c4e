import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { ChevronDownIcon } from "@heroicons/react/20/solid";
import { ArrowUpRightIcon } from "@heroicons/react/16/solid";
import type { NavMenu as NavMenuData } from "@/components/layout/navigation";
import { NavAnchor } from "@/components/ui/nav-anchor";

type NavMenuProps = { menu: NavMenuData; buttonClassName: string };

/** A header dropdown: opens by click, tap, Enter, Space or the arrow keys; Escape closes it. */
export function NavMenu({ menu, buttonClassName }: NavMenuProps) {
  return (
    // Not modal and not portalled: the rest of the page stays usable while it is open, and the
    // open menu stays inside the header's navigation landmark.
    <Menu as="div" className="relative">
      <MenuButton className={`group inline-flex items-center gap-1 ${buttonClassName}`}>
        {menu.label}
        <ChevronDownIcon
          aria-hidden="true"
          className="size-4 opacity-70 transition-transform group-data-open:rotate-180"
        />
      </MenuButton>
      <MenuItems
        modal={false}
        className="absolute top-full left-0 z-50 mt-2 w-80 origin-top rounded-xl bg-white p-2 text-gray-900 shadow-lg ring-1 ring-gray-900/10 outline-hidden motion-safe:animate-menu-in"
      >
        {menu.items.map((item) => (
          <MenuItem key={item.href}>
            <NavAnchor
              link={item}
              className="block rounded-lg px-3 py-2.5 data-focus:bg-violet-50 data-focus:text-violet-900 data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-violet-600"
            >
              <span className="flex items-center gap-1 text-sm font-semibold">
                {item.label}
                {item.external && (
                  <ArrowUpRightIcon aria-hidden="true" className="size-3.5 text-gray-400" />
                )}
              </span>
              {item.description && (
                <span className="mt-0.5 block text-sm text-gray-600">{item.description}</span>
              )}
            </NavAnchor>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
