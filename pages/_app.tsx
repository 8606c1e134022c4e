import "@/styles/globals.css";
import type { NextPage } from "next";
import type { AppProps } from "next/app";
import dynamic from "next/dynamic";
import Head from "next/head";
import { Activity } from "react";
import localFont from "next/font/local";
import { JobActionsProvider } from "@/features/board/components/job-actions-provider";
import { AppLayout } from "@/components/layout/app-layout";
import { PageQueries } from "@/components/providers/page-queries";
import { ToastHost } from "@/components/providers/toast-host";
import { AuthProvider } from "@/lib/auth/auth-context";
import { publicEnv } from "@/lib/public-env";

// Loaded only where it runs: on Vercel (off it, its script would 404).
const Analytics = dynamic(
  () => import("@vercel/analytics/next").then((module) => module.Analytics),
  {
    ssr: false,
  },
);

// Inter cut down to the Latin the pages print, weights 400 to 800 (scripts/subset-inter.mjs):
// 26 kB instead of the 48 kB of the whole Latin file. Letters of Latin Extended-A (Polish ą ł ś
// and the like) come from a second file, fetched only by a page that shows one
// (styles/globals.css, "Inter Latin Ext"); other scripts are drawn in the system's fonts.
const inter = localFont({
  src: "../styles/fonts/inter-latin.woff2",
  weight: "400 800",
  // Inter if it is there by the first paint (it is preloaded, and cached after the first page),
  // else the size-matched fallback for the rest of this page: never a second layout of the whole
  // page when it arrives, which cost a phone 130 ms of blocking work on the job list.
  display: "optional",
  variable: "--font-inter",
});

/**
 * Inter, then its Latin Extended-A letters, then the size-matched fallback next/font made
 * ('inter Fallback'): a letter missing from the first is looked for in the next, so "Łódź" is
 * drawn in Inter too once the second file is there, and in the fallback until then.
 */
const [interFace, ...interFallbacks] = inter.style.fontFamily.split(/,\s*/);
const FONT_FAMILY = [interFace, "'Inter Latin Ext'", ...interFallbacks].join(", ");

export type AppPage<P = object> = NextPage<P> & {
  /** A profile-area page that draws its own screen instead of the profile layout. */
  withoutProfileLayout?: boolean;
  /**
   * An error page (404, 500), which draws its whole screen itself: it gets no layout whatever the
   * address. A listing page answering 404 is routed as that listing page in the browser but as
   * /404 on the server; choosing by the address put a second <main> around it once hydrated.
   */
  standalone?: boolean;
};

export default function App({ Component, pageProps, router }: AppProps & { Component: AppPage }) {
  return (
    <AuthProvider>
      <Head>
        {/* A plain <style>: styled-jsx's runtime would cost every page 1.7 kB for this line. */}
        <style dangerouslySetInnerHTML={{ __html: `:root{--font-inter:${FONT_FAMILY}}` }} />
      </Head>
      <JobActionsProvider>
        {/* Hydrates the page in slices: React hydrates what is inside an Activity boundary at a
            low priority, yielding to the browser every few milliseconds, instead of in one long
            task (a click on a part not yet hydrated hydrates that part first). Unlike a Suspense
            boundary, the server sends it in place, never held back for a script to reveal. */}
        <Activity mode="visible">
          <AppLayout
            pathname={Component.standalone ? "/404" : router.pathname}
            withoutProfileLayout={Component.withoutProfileLayout}
          >
            <PageQueries pathname={router.pathname}>
              <Component {...pageProps} />
            </PageQueries>
          </AppLayout>
        </Activity>
      </JobActionsProvider>
      <ToastHost />
      {publicEnv.vercelAnalytics && <Analytics />}
    </AuthProvider>
  );
}
