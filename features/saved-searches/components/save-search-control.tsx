import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
} from "react";
import { Link } from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { useAuth } from "@/lib/auth/auth-context";
import { jobFiltersQuery, type JobFilters } from "@/features/jobs/filters";
import { routes, signInThenBackTo } from "@/lib/routes";
import { SAVE_SEARCH_FRAGMENT } from "@/features/saved-searches/constants";
import { hasSearch, searchFiltersOf } from "@/features/saved-searches/search";

// Whether the signed-in visitor keeps this search already: looked up after load, for them only.
const SavedSearchLookup = dynamic(
  () =>
    import("@/features/saved-searches/components/saved-search-lookup").then(
      (module) => module.SavedSearchLookup,
    ),
  { ssr: false },
);

// The dialog's code (Headless UI's and react-query's with it) loads only once it is opened.
const SaveSearchDialog = dynamic(
  () =>
    import("@/features/saved-searches/components/save-search-dialog").then(
      (module) => module.SaveSearchDialog,
    ),
  { ssr: false },
);

const controlClass =
  "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600";
const offerClass = `${controlClass} cursor-pointer bg-white text-violet-700 ring-1 ring-violet-300 hover:bg-violet-50`;

type SaveSearchControlProps = {
  /** The page's own path (a listing page's names its fixed filter). */
  basePath: string;
  filters: JobFilters;
  fixed?: "department" | "region" | "type";
};

/**
 * "Save this search" on a job list with a keyword or a filter (issue 29). The page is cached and
 * the same for everyone, so its HTML holds a plain link to sign in and come back here (to
 * `#save-search`, which then opens the dialog). For someone signed in it is a button that opens
 * the dialog, and "Saved — manage on Preferences" once the search is theirs.
 */
export function SaveSearchControl({ basePath, filters, fixed }: SaveSearchControlProps) {
  const router = useRouter();
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  // Pressed before the sign-in state was known: acted on once it is.
  const pressed = useRef(false);
  const search = useMemo(() => searchFiltersOf(filters), [filters]);
  const back = `${basePath}${jobFiltersQuery({ ...filters, page: 1 }, fixed ? [fixed] : [])}`;
  const signIn = signInThenBackTo(`${back}#${SAVE_SEARCH_FRAGMENT}`);

  useEffect(() => {
    if (status === "loading") return;
    const asked = window.location.hash === `#${SAVE_SEARCH_FRAGMENT}`;
    if (asked) {
      // Back from signing in: the fragment has done its work (a reload should not reopen it).
      const { pathname, search: query } = window.location;
      window.history.replaceState(window.history.state, "", `${pathname}${query}`);
    }
    if (!asked && !pressed.current) return;
    pressed.current = false;
    // A transition, as the sign-in state is (auth-context.tsx): the page may still be hydrating.
    if (status === "signed-in") startTransition(() => setOpen(true));
    else if (!asked) void router.push(signIn);
  }, [status, router, signIn]);

  const found = useCallback((known: boolean) => setSaved(known), []);
  // Saved from the dialog: the keyboard's focus goes on to what replaced the button.
  const savedLink = useRef<HTMLAnchorElement>(null);
  const justSaved = useRef(false);
  useEffect(() => {
    if (!saved || !justSaved.current) return;
    justSaved.current = false;
    const frame = requestAnimationFrame(() => savedLink.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [saved]);
  const pressLink = (event: MouseEvent) => {
    if (status !== "loading") return;
    event.preventDefault();
    pressed.current = true;
  };

  if (!hasSearch(search)) return null;
  const lookup = status === "signed-in" && <SavedSearchLookup filters={search} onFound={found} />;

  if (saved && !open) {
    return (
      <div className="sm:ml-auto">
        {lookup}
        <Link
          ref={savedLink}
          href={routes.preferences}
          className={`${controlClass} bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200 hover:bg-emerald-100`}
        >
          <SpriteIcon name="check-circle" className="size-4" />
          Saved — manage on Preferences
        </Link>
      </div>
    );
  }
  return (
    <div className="sm:ml-auto">
      {lookup}
      {status === "signed-in" ? (
        <button type="button" className={offerClass} onClick={() => setOpen(true)}>
          <SpriteIcon name="envelope" className="size-4" />
          Save this search
        </button>
      ) : (
        <Link href={signIn} className={offerClass} onClick={pressLink} rel="nofollow">
          <SpriteIcon name="envelope" className="size-4" />
          Save this search
        </Link>
      )}
      {open && (
        <SaveSearchDialog
          filters={search}
          onClose={() => setOpen(false)}
          onSaved={() => {
            justSaved.current = true;
            setSaved(true);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}
