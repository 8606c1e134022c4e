import { Link } from "@/components/ui/link";
import { useRouter } from "next/router";
import { useEffect, useState, type ReactNode } from "react";
import { Seo } from "@/components/seo";
import { useLandingPage } from "@/hooks/use-landing-page";
import { useAuth } from "@/lib/auth/auth-context";
import { signInErrorMessage, signInWithPopup, type SignInMethod } from "@/lib/auth/firebase-client";
import { routes, safeNextPath } from "@/lib/routes";

type SignInPanelProps = {
  title: string;
  lead: string;
  path: string;
  /** The sign-in methods offered, each a button that opens its provider's popup. */
  methods: readonly SignInMethod[];
  /** Shown under the buttons, e.g. links to the other ways in. */
  footer?: (next: string | undefined) => ReactNode;
  children?: ReactNode;
};

const METHOD_LABELS: Record<SignInMethod, string> = {
  google: "Continue with Google",
  linkedin: "Continue with LinkedIn",
};

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}

function LinkedinMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 text-[#0A66C2]"
      fill="currentColor"
    >
      <path d="M20.4 20.5h-3.6v-5.6c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9v5.7H9.3V9h3.4v1.6c.5-.9 1.6-1.8 3.4-1.8 3.6 0 4.3 2.4 4.3 5.5v6.2ZM5.3 7.4a2.1 2.1 0 1 1 0-4.1 2.1 2.1 0 0 1 0 4.1ZM7.1 20.5H3.5V9h3.6v11.5ZM22.2 0H1.8C.8 0 0 .8 0 1.7v20.6c0 .9.8 1.7 1.8 1.7h20.4c1 0 1.8-.8 1.8-1.7V1.7C24 .8 23.2 0 22.2 0Z" />
    </svg>
  );
}

const MARKS: Record<SignInMethod, () => ReactNode> = { google: GoogleMark, linkedin: LinkedinMark };

/**
 * A sign-in page's card: one button per provider, each opening its popup. Once the identity
 * provider reports a signed-in user, the visitor goes on to `?next=`, or without one to where
 * their work is (useLandingPage).
 */
export function SignInPanel({ title, lead, path, methods, footer, children }: SignInPanelProps) {
  const router = useRouter();
  const { status } = useAuth();
  const landingPage = useLandingPage();
  const [pending, setPending] = useState<SignInMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  const next = typeof router.query.next === "string" ? router.query.next : undefined;

  useEffect(() => {
    if (status !== "signed-in") return;
    if (next) {
      void router.replace(safeNextPath(next));
      return;
    }
    // Nowhere to go back to: a moderator's work is the review queue, an employer's their
    // listings, a candidate's their profile (issues 42 and 61).
    let left = false;
    void landingPage().then((path) => {
      if (!left) void router.replace(path);
    });
    return () => {
      left = true;
    };
  }, [landingPage, next, router, status]);

  const signedIn = status === "signed-in";
  const busy = pending !== null || signedIn;

  const signIn = async (method: SignInMethod) => {
    // aria-disabled rather than disabled, so the button keeps keyboard focus while it waits.
    if (busy) return;
    setPending(method);
    setError(null);
    try {
      await signInWithPopup(method);
    } catch (failure) {
      setError(signInErrorMessage(failure));
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      {/* Sign-in pages (its only users) are kept out of search results and the sitemap. */}
      <Seo title={title} description={lead} path={path} noIndex />
      <div className="bg-gray-50 px-4 py-16 sm:py-24">
        <div className="mx-auto w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-gray-200 sm:p-10">
          <h1 className="text-2xl font-bold tracking-tight text-gray-950">{title}</h1>
          <p className="mt-3 text-base leading-7 text-gray-600">{lead}</p>
          {children}
          <div className="mt-8 space-y-3">
            {methods.map((method) => {
              const Mark = MARKS[method];
              return (
                <button
                  key={method}
                  type="button"
                  onClick={() => void signIn(method)}
                  aria-disabled={busy}
                  aria-busy={pending === method}
                  className="flex w-full cursor-pointer items-center justify-center gap-3 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-gray-900 shadow-xs ring-1 ring-gray-300 transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 aria-disabled:cursor-wait aria-disabled:opacity-60"
                >
                  <Mark />
                  {pending === method ? "Waiting for the sign-in window…" : METHOD_LABELS[method]}
                </button>
              );
            })}
          </div>
          <p role="status" className="mt-4 text-sm text-gray-600 empty:hidden">
            {signedIn ? "You are signed in. Taking you on…" : ""}
          </p>
          {error && (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
              {error}
            </p>
          )}
          {footer && <div className="mt-8 text-sm text-gray-600">{footer(next)}</div>}
          <p className="mt-8 border-t border-gray-100 pt-6 text-xs leading-5 text-gray-500">
            By continuing you agree to the{" "}
            <Link href={routes.legal.tosCandidates} className="underline hover:text-gray-700">
              terms for candidates
            </Link>{" "}
            or, posting jobs, the{" "}
            <Link href={routes.legal.tosEmployers} className="underline hover:text-gray-700">
              terms for employers
            </Link>
            , and the{" "}
            <Link href={routes.legal.privacy} className="underline hover:text-gray-700">
              privacy policy
            </Link>
            .
          </p>
        </div>
      </div>
    </>
  );
}

/** A link to another sign-in page that keeps where the visitor is headed. */
export function SignInSwitch({
  href,
  next,
  children,
}: {
  href: string;
  next: string | undefined;
  children: ReactNode;
}) {
  const target = next ? `${href}?next=${encodeURIComponent(next)}` : href;
  return (
    <Link href={target} className="font-semibold text-violet-700 hover:text-violet-600">
      {children}
    </Link>
  );
}
