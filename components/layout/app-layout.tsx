import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { PublicLayout } from "@/components/layout/public-layout";
import { TermsNotice } from "@/components/layout/terms-notice";
import { isProfileRoute, isPublicRoute, isVioletRoute } from "@/lib/routes";

// Server-rendered, and named in the HTML of the profile area's pages (see pages/_document.tsx);
// public pages never load its code.
const ProfileLayout = dynamic(() =>
  import("@/components/layout/profile-layout").then((module) => module.ProfileLayout),
);

type AppLayoutProps = {
  pathname: string;
  /** Set by a profile-area page that draws its own screen instead of the profile layout. */
  withoutProfileLayout?: boolean;
  children: ReactNode;
};

/** Chooses the layout a route gets: public routes the header and footer, the profile area its own. */
export function AppLayout({ pathname, withoutProfileLayout = false, children }: AppLayoutProps) {
  if (isPublicRoute(pathname)) {
    return (
      <>
        <PublicLayout theme={isVioletRoute(pathname) ? "violet" : "light"}>{children}</PublicLayout>
        <TermsNotice />
      </>
    );
  }
  if (isProfileRoute(pathname) && !withoutProfileLayout) {
    return (
      <>
        <ProfileLayout>{children}</ProfileLayout>
        <TermsNotice aboveBottomBar />
      </>
    );
  }
  return <>{children}</>;
}
