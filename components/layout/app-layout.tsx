import type { ReactNode } from "react";
import { ProfileLayout } from "@/components/layout/profile-layout";
import { PublicLayout } from "@/components/layout/public-layout";
import { isProfileRoute, isPublicRoute, isVioletRoute } from "@/lib/routes";

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
      <PublicLayout theme={isVioletRoute(pathname) ? "violet" : "light"}>{children}</PublicLayout>
    );
  }
  if (isProfileRoute(pathname) && !withoutProfileLayout) {
    return <ProfileLayout>{children}</ProfileLayout>;
  }
  return <>{children}</>;
}
