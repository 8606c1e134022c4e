import { Link } from "@/components/ui/link";
import { WORK_ITEMS } from "@/components/layout/profile-navigation";
import { QueryProvider } from "@/components/providers/query-provider";
import { useCurrentUser } from "@/hooks/use-current-user";

type WorkLinksProps = { pathname: string; variant: "sidebar" | "phone"; linkClass: string };

/**
 * An employer's listings and a moderator's review queue, for those who have them: under the
 * sidebar's items on a desktop, in the top bar on a phone (the spec's bottom bar stays as it is).
 * Nothing for a candidate; the current user's answer says which (it is cached for two minutes).
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
  // The employers' candidate directory is in the sidebar; the phone's top bar keeps to two.
  const items = [
    ...(user?.company
      ? [WORK_ITEMS.listings, ...(variant === "sidebar" ? [WORK_ITEMS.candidates] : [])]
      : []),
    ...(user?.is_moderator ? [WORK_ITEMS.review] : []),
  ];
  if (items.length === 0) return null;
  // The item the page is under, the longest of those it starts with (/listings/candidates is
  // the directory's, not the listings').
  const within = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  const current = items
    .filter((item) => within(item.href))
    .sort((a, b) => b.href.length - a.href.length)[0];
  const active = (href: string) => (current?.href === href ? ("page" as const) : undefined);
  if (variant === "phone") {
    return (
      <ul role="list" className="ml-auto flex items-center gap-1">
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} className={linkClass} aria-current={active(item.href)}>
              {item.short}
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="mt-6">
      <h2 className="px-3 text-xs font-semibold tracking-wide text-gray-500 uppercase">Hiring</h2>
      <ul role="list" className="mt-2 space-y-1">
        {items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link href={item.href} className={linkClass} aria-current={active(item.href)}>
                <Icon aria-hidden="true" className="size-6 shrink-0" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
