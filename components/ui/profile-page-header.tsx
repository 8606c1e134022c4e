import Head from "next/head";
import { boardSettings } from "@/lib/board-settings";

/** The title of a profile-area screen; these pages are private, so search engines skip them. */
export function ProfilePageHeader({ title, lead }: { title: string; lead: string }) {
  return (
    <>
      <Head>
        <title>{`${title} | ${boardSettings().name}`}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-base text-gray-600">{lead}</p>
    </>
  );
}
