import { Link } from "@/components/ui/link";
import {
  accountSections,
  currentItem,
  type AccountSection,
} from "@/components/layout/profile-navigation";
import { QueryProvider } from "@/components/providers/query-provider";
import { useCurrentUser } from "@/hooks/use-current-user";

type AccountPagesProps = {
  pathname: string;
  /** The class of each page's link (aria-current="page" marks the one the visitor is on). */
  linkClass: string;
  /** The class of each section's heading. */
  headingClass: string;
  /** Sections after the candidate's: the employer's and the moderator's only. */
  sections?: (sections: AccountSection[]) => AccountSection[];
};

/**
 * Every page the signed-in person has, by role (issue 61): their job search's (favorites,
 * applications, not interested, invitations, ...), their company's if they have one, the
 * moderators' if they are one. The phone menus list it; the current user says which sections
 * (read once, fresh for two minutes); until it comes, the candidate's pages alone.
 */
export function AccountPages(props: AccountPagesProps) {
  return (
    <QueryProvider>
      <Sections {...props} />
    </QueryProvider>
  );
}

function Sections({
  pathname,
  linkClass,
  headingClass,
  sections = (all) => all,
}: AccountPagesProps) {
  const { data: user } = useCurrentUser();
  const shown = sections(accountSections(user));
  const current = currentItem(
    shown.flatMap((section) => section.items),
    pathname,
  );
  return (
    <SectionLinks
      sections={shown}
      current={current?.href}
      linkClass={linkClass}
      headingClass={headingClass}
      sectionClass="mt-4 first:mt-0"
      listClass="mt-1 space-y-1"
      iconClass="size-5 shrink-0"
    />
  );
}

/** The public header's phone panel's part (MobileMenuPanel), loaded once someone is signed in. */
export function PanelAccountPages({ pathname }: { pathname: string }) {
  return (
    <nav aria-label="Your pages" className="border-t border-gray-100 px-4 py-4">
      <AccountPages
        pathname={pathname}
        linkClass="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-violet-600 aria-[current=page]:bg-violet-50 aria-[current=page]:text-violet-700"
        headingClass="px-3 text-xs font-semibold tracking-wide text-gray-500 uppercase"
      />
    </nav>
  );
}

type SectionLinksProps = {
  sections: readonly AccountSection[];
  /** The href of the page the visitor is on (aria-current="page"). */
  current: string | undefined;
  linkClass: string;
  headingClass: string;
  sectionClass: string;
  listClass: string;
  iconClass: string;
};

/** Sections of pages, each under its heading: the phone menus' and the desktop sidebar's. */
export function SectionLinks({
  sections,
  current,
  linkClass,
  headingClass,
  sectionClass,
  listClass,
  iconClass,
}: SectionLinksProps) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.label} aria-label={section.label} className={sectionClass}>
          <h2 className={headingClass}>{section.label}</h2>
          <ul role="list" className={listClass}>
            {section.items.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className={linkClass}
                    aria-current={current === item.href ? "page" : undefined}
                  >
                    <Icon aria-hidden="true" className={iconClass} />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
