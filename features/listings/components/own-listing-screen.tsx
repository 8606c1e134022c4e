import { useRouter } from "next/router";
import type { ReactNode } from "react";
import {
  EmptyList,
  isRemovedFromTeam,
  ProfileScreenLoading,
  RemovedFromTeam,
} from "@/components/ui/profile-screen-state";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { routes } from "@/lib/routes";

/** A link beside "← Your listings". */
export const ownListingLinkClass = "font-medium text-violet-700 hover:underline";

/**
 * The listing id of a /listings/{id}/… address: null while the router is not ready, and for a
 * malformed one (`malformed` then says so).
 */
export function useListingId() {
  const router = useRouter();
  const raw = router.query.listingId;
  const id = typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  return { id, malformed: router.isReady && id === null };
}

/**
 * A screen of one listing (/listings/{id}/…), for its employer (or a moderator where the API lets
 * them): "No such listing" for a malformed id or one the API refused (another person's is 404),
 * a loading state until `title` has come, and the header with a way back to their listings.
 * `children` draw the listing once it has come.
 */
export function ListingScreen({
  malformed,
  failed,
  title,
  untitled,
  lead,
  links,
  children,
}: {
  malformed: boolean;
  /** The API refused the listing: true, or its error (someone removed from the team is told so). */
  failed: unknown;
  /** The heading once the listing has come; undefined until then. */
  title: string | undefined;
  /** The heading until then. */
  untitled: string;
  lead: string;
  /** More links beside "← Your listings". */
  links?: ReactNode;
  children: ReactNode;
}) {
  let content;
  if (isRemovedFromTeam(failed)) {
    content = <RemovedFromTeam error={failed} />;
  } else if (malformed || failed) {
    content = (
      <EmptyList title="No such listing" action={{ href: routes.listings, label: "Your listings" }}>
        It is not one of your listings, or it was removed.
      </EmptyList>
    );
  } else if (title === undefined) {
    content = <ProfileScreenLoading />;
  } else {
    content = children;
  }

  return (
    <>
      <ProfilePageHeader title={title ?? untitled} lead={lead} />
      <p className="mt-3 text-sm">
        <Link href={routes.listings} className={ownListingLinkClass}>
          ← Your listings
        </Link>
        {links && (
          <>
            <span aria-hidden="true" className="text-gray-300">
              {" "}
              ·{" "}
            </span>
            {links}
          </>
        )}
      </p>
      <div className="mt-6">{content}</div>
    </>
  );
}
