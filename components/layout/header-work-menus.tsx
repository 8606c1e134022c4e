import type { NavMenu } from "@/components/layout/navigation";
import { NavMenuOnDemand } from "@/components/layout/nav-menu-on-demand";
import { workSections } from "@/components/layout/profile-navigation";
import { QueryProvider } from "@/components/providers/query-provider";
import { useCurrentUser } from "@/hooks/use-current-user";

/**
 * The desktop header's menus of an employer's and a moderator's work (issue 61: an employer on
 * the board had no way back to their listings but through their profile): "Hiring" for whoever
 * has a company, "Moderation" for moderators, each a dropdown like Pricing's (keyboard and all).
 * Loaded only once someone is signed in; nothing for a candidate.
 */
export function HeaderWorkMenus({ buttonClassName }: { buttonClassName: string }) {
  return (
    <QueryProvider>
      <Menus buttonClassName={buttonClassName} />
    </QueryProvider>
  );
}

function Menus({ buttonClassName }: { buttonClassName: string }) {
  const { data: user } = useCurrentUser();
  const menus: NavMenu[] = workSections(user).map((section) => ({
    label: section.label,
    items: section.items.map((item) => ({ label: item.label, href: item.href })),
  }));
  return (
    <>
      {menus.map((menu) => (
        <NavMenuOnDemand key={menu.label} menu={menu} buttonClassName={buttonClassName} />
      ))}
    </>
  );
}
