import "@/styles/globals.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { Analytics } from "@vercel/analytics/next";
import type { NextPage } from "next";
import type { AppProps } from "next/app";
import localFont from "next/font/local";
import { useState } from "react";
import { Toaster } from "react-hot-toast";
import { JobActionsProvider } from "@/components/jobs/job-actions";
import { AppLayout } from "@/components/layout/app-layout";
import { RecaptchaProvider } from "@/components/providers/recaptcha-provider";
import { AuthProvider } from "@/lib/auth/auth-context";
import { publicEnv } from "@/lib/public-env";
import { TOAST_POSITION } from "@/lib/error-toast";
import { createQueryClient } from "@/lib/query-client";

const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  display: "swap",
  variable: "--font-inter",
});

export type AppPage<P = object> = NextPage<P> & {
  /** A profile-area page that draws its own screen instead of the profile layout. */
  withoutProfileLayout?: boolean;
};

export default function App({ Component, pageProps, router }: AppProps & { Component: AppPage }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RecaptchaProvider siteKey={publicEnv.recaptchaSiteKey}>
          <style jsx global>{`
            :root {
              --font-inter: ${inter.style.fontFamily};
            }
          `}</style>
          <JobActionsProvider>
            <AppLayout
              pathname={router.pathname}
              withoutProfileLayout={Component.withoutProfileLayout}
            >
              <Component {...pageProps} />
            </AppLayout>
          </JobActionsProvider>
          <Toaster position={TOAST_POSITION} />
          {publicEnv.vercelAnalytics && <Analytics />}
        </RecaptchaProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
