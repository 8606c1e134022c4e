import { XMarkIcon } from "@heroicons/react/20/solid";
import { useEffect, useRef, useState } from "react";
import { Link } from "@/components/ui/link";
import { QueryProvider } from "@/components/providers/query-provider";
import { useAcceptTerms, usePendingTerms } from "@/features/content/hooks/use-legal";
import { formatDate } from "@/lib/format";
import type { PendingTerm } from "@/features/content/legal-schemas";

/*
 * The banner that asks a signed-in person to accept new versions of the legal documents that
 * apply to them (issue 64): not a wall, the page works under it. Fixed over the page's bottom,
 * so nothing moves when it appears; loaded only once someone is signed in (terms-notice.tsx),
 * with their pending terms. Dismissed, it stays away for the browser session; it comes back
 * in the next one, and for a version published since, until accepted.
 */

const DISMISSED_KEY = "terms-banner-dismissed";

const versionsOf = (pending: PendingTerm[]) =>
  pending.map((term) => `${term.document}@${term.version}`).join(",");

function dismissedVersions(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The room the banner takes over the page's bottom, kept free at the end of the page while it
 * shows: whatever it covers can be scrolled out from under it (a form's last button, a list's
 * last row). At the end of the document, so nothing above it moves.
 */
function useRoomBelow(shown: boolean) {
  const banner = useRef<HTMLElement>(null);
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const measure = () =>
      setRoom(Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [shown]);
  return { banner, room };
}

function Banner({ aboveBottomBar }: { aboveBottomBar: boolean }) {
  const { data } = usePendingTerms();
  const [dismissed, setDismissed] = useState(dismissedVersions);
  const accept = useAcceptTerms();
  const pending = data?.pending ?? [];
  const shown = pending.length > 0 && dismissed !== versionsOf(pending);
  const { banner, room } = useRoomBelow(shown);
  if (!shown) return null;

  const dismiss = () => {
    const value = versionsOf(pending);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, value);
    } catch {
      // Without storage, dismissed for this page only.
    }
    setDismissed(value);
  };

  return (
    <>
      <div aria-hidden="true" style={{ height: room }} />
      <section
        ref={banner}
        aria-labelledby="terms-banner-title"
        className={`fixed inset-x-4 z-50 rounded-xl bg-white p-4 shadow-lg ring-1 ring-gray-900/10 sm:left-auto sm:max-w-md ${aboveBottomBar ? "bottom-24 lg:bottom-4" : "bottom-4"}`}
      >
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h2 id="terms-banner-title" className="text-sm font-semibold text-gray-900">
              We have updated our terms
            </h2>
            <ul role="list" className="mt-2 space-y-2 text-sm text-gray-700">
              {pending.map((term) => (
                <li key={term.document}>
                  <Link href={term.path} className="font-medium text-violet-700 underline">
                    {term.title}
                  </Link>{" "}
                  <span className="text-gray-600">
                    (version {term.version}, {formatDate(term.published_on)})
                  </span>
                  : {term.summary}
                </li>
              ))}
            </ul>
            {accept.isError && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                Your acceptance was not recorded. Try again, or reload the page.
              </p>
            )}
            <div className="mt-3 flex gap-3">
              <button
                type="button"
                disabled={accept.isPending}
                onClick={() => accept.mutate(pending)}
                className="rounded-lg bg-violet-700 px-3 py-2 text-sm font-semibold text-white hover:bg-violet-800 disabled:opacity-60"
              >
                {accept.isPending ? "Accepting…" : "Accept"}
              </button>
            </div>
          </div>
          <button
            type="button"
            onClick={dismiss}
            aria-label="Remind me later"
            className="rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-700"
          >
            <XMarkIcon aria-hidden="true" className="size-5" />
          </button>
        </div>
      </section>
    </>
  );
}

/** The new terms to accept, if any, for the signed-in person. */
export function TermsBanner({ aboveBottomBar = false }: { aboveBottomBar?: boolean }) {
  return (
    <QueryProvider>
      <Banner aboveBottomBar={aboveBottomBar} />
    </QueryProvider>
  );
}
