import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { ChevronDownIcon } from "@heroicons/react/20/solid";
import { ArrowUpRightIcon } from "@heroicons/react/16/solid";
import { useEffect, useState } from "react";
import type { NavMenu as NavMenuData } from "@/components/layout/navigation";
import { NavAnchor } from "@/components/layout/nav-anchor";
import { getQuarterReport } from "@/lib/api/public-routes.generated";
import { routePath } from "@/lib/api/paths";
import { formatCount } from "@/lib/format";

/** A report's figures as read, by its API slug: each report's are read once a page. */
const reportFigures = new Map<string, Promise<string | null>>();

function readReportFigures(slug: string): Promise<string | null> {
  let figures = reportFigures.get(slug);
  if (!figures) {
    // The report's own API (public, cached): the same figures as its page.
    figures = fetch(routePath(getQuarterReport, { quarter: slug }))
      .then((response) => (response.ok ? response.json() : null))
      .then((report: { open_roles: number; hiring_companies: number } | null) =>
        report
          ? `${formatCount(report.open_roles)} ${report.open_roles === 1 ? "role" : "roles"} at ${formatCount(report.hiring_companies)} ${report.hiring_companies === 1 ? "company" : "companies"}, by the numbers`
          : null,
      )
      .catch(() => null);
    reportFigures.set(slug, figures);
  }
  return figures;
}

/**
 * Under a report's link: that report's own figures (issue 61: the menu said the whole board's
 * 1,250+ roles under a quarter that had 151), read when the menu first shows it; `fallback`,
 * which states no figure, until they come or if they cannot.
 */
function ReportFigures({ slug, fallback }: { slug: string; fallback: string | undefined }) {
  const [figures, setFigures] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void readReportFigures(slug).then((text) => current && setFigures(text));
    return () => {
      current = false;
    };
  }, [slug]);
  return <span className="mt-0.5 block text-sm text-gray-600">{figures ?? fallback}</span>;
}

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
              {item.report ? (
                <ReportFigures slug={item.report} fallback={item.description} />
              ) : (
                item.description && (
                  <span className="mt-0.5 block text-sm text-gray-600">{item.description}</span>
                )
              )}
            </NavAnchor>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
