import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/router";
import { AccountLink } from "@/components/layout/account-link";
import { headerThemes, type HeaderTheme } from "@/components/ui/header-theme";
import { MobileMenu } from "@/components/layout/mobile-menu";
import { NavMenuOnDemand } from "@/components/layout/nav-menu-on-demand";
import { HEADER_LINKS, headerMenus } from "@/components/layout/navigation";
import { Logo } from "@/components/ui/logo";
import { useAuth } from "@/lib/auth/auth-context";

// Signed-in visitors only: an employer's and a moderator's menus, with the current user's query.
const HeaderWorkMenus = dynamic(
  () => import("@/components/layout/header-work-menus").then((module) => module.HeaderWorkMenus),
  { ssr: false },
);

export function Header({ theme }: { theme: HeaderTheme }) {
  const { asPath } = useRouter();
  const { token } = useAuth();
  const styles = headerThemes[theme];
  const linkClass = `rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${styles.link} ${styles.focus}`;

  return (
    <header className={`sticky top-0 z-40 ${styles.bar}`} data-theme={theme}>
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <Logo
          inverted={theme === "violet"}
          className={`focus-visible:outline-2 focus-visible:outline-offset-4 ${styles.focus}`}
        />

        <div className="hidden items-center gap-1 lg:flex">
          {HEADER_LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className={linkClass}
              aria-current={asPath === link.href ? "page" : undefined}
            >
              {link.label}
            </Link>
          ))}
          {headerMenus().map((menu) => (
            <NavMenuOnDemand key={menu.label} menu={menu} buttonClassName={linkClass} />
          ))}
          {token && <HeaderWorkMenus buttonClassName={linkClass} />}
        </div>

        <div className="flex items-center gap-2">
          <AccountLink
            signInClassName={`hidden rounded-lg px-4 py-2 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 sm:inline-flex ${styles.primaryButton} ${styles.focus}`}
            profileClassName={`flex items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 ${styles.focus}`}
          />
          <MobileMenu theme={theme} />
        </div>
      </nav>
    </header>
  );
}
