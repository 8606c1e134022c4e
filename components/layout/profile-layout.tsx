import { ArrowRightStartOnRectangleIcon } from "@heroicons/react/24/outline";
import Head from "next/head";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/router";
import { useEffect, type ReactNode } from "react";
import {
  MOBILE_BAR_ITEMS,
  SIDEBAR_EXTRA_ITEMS,
  SIDEBAR_ITEMS,
  type ProfileNavItem,
} from "@/components/layout/profile-navigation";
import { WorkLinks } from "@/components/layout/work-links";
import { Logo } from "@/components/ui/logo";
import { useHydrated } from "@/hooks/use-hydrated";
import { useAuth } from "@/lib/auth/auth-context";
import { REMEMBERED_TOKEN_ATTRIBUTE } from "@/lib/auth/remembered-token";
import { routes, signInThenBackTo } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";

function ProfileNavLink({
  item,
  active,
  className,
}: {
  item: ProfileNavItem;
  active: boolean;
  className: string;
}) {
  const Icon = item.icon;
  const content = (
    <>
      <Icon aria-hidden="true" className="size-6 shrink-0" />
      {item.label}
    </>
  );
  if (item.href.startsWith("mailto:")) {
    return (
      <a href={item.href} className={className}>
        {content}
      </a>
    );
  }
  return (
    <Link href={item.href} className={className} aria-current={active ? "page" : undefined}>
      {content}
    </Link>
  );
}

const sidebarLinkClass =
  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 transition-colors hover:bg-gray-100 hover:text-gray-950 focus-visible:outline-2 focus-visible:outline-violet-600 aria-[current=page]:bg-violet-50 aria-[current=page]:text-violet-700";

const barLinkClass =
  "flex min-w-0 flex-1 flex-col items-center gap-1 px-1 py-2 text-xs font-medium text-gray-600 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-600 aria-[current=page]:text-violet-700";

const phoneWorkLinkClass =
  "rounded-lg px-3 py-2 text-sm font-semibold text-violet-700 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-600 aria-[current=page]:bg-violet-50";

/**
 * The signed-in area: a sidebar on desktop, a bottom bar on phones; nothing until a token exists.
 * It is rendered all along, also in the server's HTML, but `hidden` until React has a token; a
 * browser that remembers a live token shows it with the first paint, before any script has run
 * (REMEMBERED_TOKEN_SCRIPT, styles/globals.css). The page's data waits for the token either way.
 */
export function ProfileLayout({ children }: { children: ReactNode }) {
  const { token, status, signOut, signingOut } = useAuth();
  // Hidden as the server sent it while hydrating, whatever the token by then: React does not
  // correct an attribute that differs from the server's HTML when it hydrates.
  const hydrated = useHydrated();
  const router = useRouter();
  const { pathname } = router;
  const sidebarItem = (item: ProfileNavItem) => (
    <li key={item.label}>
      <ProfileNavLink item={item} active={pathname === item.href} className={sidebarLinkClass} />
    </li>
  );

  // A visitor who is not signed in is sent to sign in, and brought back here afterwards.
  useEffect(() => {
    if (status === "signed-out" && !signingOut) {
      // The remembered token was not good after all: the layout is hidden again on the way out.
      document.documentElement.removeAttribute(REMEMBERED_TOKEN_ATTRIBUTE);
      void router.replace(signInThenBackTo(router.asPath));
    }
  }, [router, signingOut, status]);

  // Spec §2: sign out, then fully reload to the home page.
  const handleSignOut = () => signOut({ reloadTo: routes.home });

  return (
    <div className="profile-layout min-h-dvh bg-gray-50" hidden={!(hydrated && token)}>
      {/* The tab says where the visitor is from the start, and crawlers stay out. */}
      <Head>
        <title>{`Your profile | ${boardSettings().name}`}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-violet-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-gray-200 bg-white px-4 py-5 lg:flex">
        <Logo className="px-2" />
        <nav aria-label="Profile" className="mt-8 flex flex-1 flex-col">
          <ul role="list" className="space-y-1">
            {SIDEBAR_ITEMS.map(sidebarItem)}
          </ul>
          {/* Beside the spec's items: the bottom bar's Jobs, which a desktop had no way to. */}
          <ul role="list" className="mt-1 space-y-1">
            {SIDEBAR_EXTRA_ITEMS.map(sidebarItem)}
          </ul>
          {token && (
            <WorkLinks pathname={pathname} variant="sidebar" linkClass={sidebarLinkClass} />
          )}
          <button
            type="button"
            onClick={handleSignOut}
            className={`mt-auto w-full cursor-pointer ${sidebarLinkClass}`}
          >
            <ArrowRightStartOnRectangleIcon aria-hidden="true" className="size-6 shrink-0" />
            Sign out
          </button>
        </nav>
      </aside>

      <header className="flex h-14 items-center border-b border-gray-200 bg-white px-4 lg:hidden">
        <Logo />
        {token && <WorkLinks pathname={pathname} variant="phone" linkClass={phoneWorkLinkClass} />}
      </header>

      <main id="main" className="pb-24 lg:pb-0 lg:pl-64">
        <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-10 lg:py-12">{children}</div>
      </main>

      <nav
        aria-label="Profile sections"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
      >
        <ul role="list" className="flex">
          {MOBILE_BAR_ITEMS.map((item) => (
            <li key={item.label} className="flex min-w-0 flex-1">
              <ProfileNavLink
                item={item}
                active={pathname === item.href}
                className={barLinkClass}
              />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
