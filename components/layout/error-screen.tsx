import Head from "next/head";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Logo } from "@/components/ui/logo";
import { routes } from "@/lib/routes";
import { boardSettings, contactMailto } from "@/lib/board-settings";

type ErrorScreenProps = {
  code: string;
  title: string;
  message: string;
  /** For an outage: the first way out is to ask for this page again. */
  retry?: boolean;
};

const primaryClassName = buttonClass();

/** The whole screen for a missing page or an unexpected error, with ways back into the board. */
export function ErrorScreen({ code, title, message, retry = false }: ErrorScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <Head>
        <title>{`${title} | ${boardSettings().name}`}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <header className="mx-auto flex h-16 w-full max-w-7xl items-center px-4 sm:px-6 lg:px-8">
        <Logo className="focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-600" />
      </header>
      <main id="main" className="grid flex-1 place-items-center px-6 py-24">
        <div className="text-center">
          <p className="text-base font-semibold text-violet-600">{code}</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-gray-900 sm:text-5xl">
            {title}
          </h1>
          <p className="mx-auto mt-6 max-w-md text-lg text-pretty text-gray-600">{message}</p>
          <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
            {retry ? (
              // An empty address is this page's own: it loads again, with or without JavaScript.
              <a href="" className={primaryClassName}>
                Try again
              </a>
            ) : (
              <Link href={routes.home} className={primaryClassName}>
                Browse jobs
              </Link>
            )}
            <a
              href={contactMailto(boardSettings())}
              className="rounded-lg px-4 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            >
              Contact support <span aria-hidden="true">&rarr;</span>
            </a>
          </div>
        </div>
      </main>
    </div>
  );
}
