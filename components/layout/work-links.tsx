import { useRouter } from "next/router";
import { useEffect, useRef } from "react";
import { AccountPages, SectionLinks } from "@/components/layout/account-pages";
import { Link } from "@/components/ui/link";
import { currentItem, WORK_ITEMS, workSections } from "@/components/layout/profile-navigation";
import { QueryProvider } from "@/components/providers/query-provider";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { useCurrentUser } from "@/hooks/use-current-user";

type WorkLinksProps = { pathname: string; variant: "sidebar" | "phone"; linkClass: string };

/** The profile area's phone menu's id, which its open and close buttons name (popovertarget). */
const PAGES_MENU_ID = "profile-pages-menu";

/**
 * An employer's and a moderator's pages, for those who have them: under the sidebar's items on
 * a desktop, each section under its heading; on a phone, their listings and review queue in the
 * top bar, beside a menu of every page the person has (the spec's bottom bar stays as it is, and
 * holds five of them). Nothing of the sidebar's for a candidate; the current user's answer says
 * which (it is cached for two minutes).
 */
export function WorkLinks(props: WorkLinksProps) {
  return (
    <QueryProvider>
      <Links {...props} />
    </QueryProvider>
  );
}

function Links({ pathname, variant, linkClass }: WorkLinksProps) {
  const { data: user } = useCurrentUser();
  const sections = workSections(user);
  if (variant === "phone") {
    // The phone's top bar keeps to two: the rest are in the menu beside them.
    const items = [
      ...(user?.company ? [WORK_ITEMS.listings] : []),
      ...(user?.is_moderator ? [WORK_ITEMS.review] : []),
    ];
    const current = currentItem(
      sections.flatMap((section) => section.items),
      pathname,
    );
    return (
      <div className="ml-auto flex items-center gap-1">
        {items.length > 0 && (
          <ul role="list" className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className={linkClass}
                  aria-current={current?.href === item.href ? "page" : undefined}
                >
                  {item.short}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <PagesMenu pathname={pathname} />
      </div>
    );
  }
  if (sections.length === 0) return null;
  const current = currentItem(
    sections.flatMap((section) => section.items),
    pathname,
  );
  return (
    <SectionLinks
      sections={sections}
      current={current?.href}
      linkClass={linkClass}
      headingClass="px-3 text-xs font-semibold tracking-wide text-gray-500 uppercase"
      sectionClass="mt-6"
      listClass="mt-2 space-y-1"
      iconClass="size-6 shrink-0"
    />
  );
}

const pageLinkClass =
  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-violet-600 aria-[current=page]:bg-violet-50 aria-[current=page]:text-violet-700";

/**
 * The profile area's phone menu (issue 61): every page the person has, by role, one tap from
 * any of them. A popover like the public header's phone menu (MobileMenu): the browser opens
 * and closes it, with Escape or a tap beside it too; a link in it closes it as it navigates.
 */
function PagesMenu({ pathname }: { pathname: string }) {
  const panel = useRef<HTMLDivElement>(null);
  const { events } = useRouter();
  useEffect(() => {
    const closePanel = () => panel.current?.hidePopover();
    events.on("routeChangeStart", closePanel);
    return () => events.off("routeChangeStart", closePanel);
  }, [events]);

  return (
    <>
      <button
        type="button"
        popoverTarget={PAGES_MENU_ID}
        className="-mr-1 inline-flex items-center justify-center rounded-lg p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-violet-600"
      >
        <span className="sr-only">Open menu</span>
        <SpriteIcon name="bars" className="size-6" />
      </button>
      <div
        id={PAGES_MENU_ID}
        ref={panel}
        popover="auto"
        role="dialog"
        aria-label="Your pages"
        className="mobile-menu fixed inset-y-0 right-0 left-auto hidden h-dvh w-[calc(100%-3.5rem)] max-w-sm flex-col overflow-y-auto bg-white text-gray-900 shadow-xl backdrop:bg-gray-950/40 open:flex motion-safe:open:animate-panel-in"
      >
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-gray-100 px-4">
          <p className="text-base font-semibold">Your pages</p>
          <button
            type="button"
            popoverTarget={PAGES_MENU_ID}
            popoverTargetAction="hide"
            className="-mr-1 rounded-lg p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-violet-600"
          >
            <span className="sr-only">Close menu</span>
            <SpriteIcon name="x-mark" className="size-6" />
          </button>
        </div>
        <nav aria-label="Your pages" className="px-4 py-4">
          <AccountPages
            pathname={pathname}
            linkClass={pageLinkClass}
            headingClass="px-3 text-xs font-semibold tracking-wide text-gray-500 uppercase"
          />
        </nav>
      </div>
    </>
  );
}
