import { useRouter } from "next/router";
import type { ReactNode } from "react";
import { EmptyList, ProfileScreenLoading } from "@/components/profile/profile-screen-state";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useOwnListing } from "@/hooks/use-listings";
import type { ApiAnswer } from "@/lib/api/operations";
import { routes } from "@/lib/routes";

type OwnListingDetail = ApiAnswer<"getOwnListing">;

/** A link beside "← Your listings". */
export const ownListingLinkClass = "font-medium text-violet-700 hover:underline";

/**
 * A screen of one of the employer's listings (/listings/{id}/…): the id read from the address,
 * the listing fetched with the signed-in employer's token, "No such listing" for another
 * person's or a malformed id, and the header with a way back to their listings. `children`
 * draws the listing once it has come.
 */
export function OwnListingScreen({
  title,
  untitled,
  lead,
  links,
  children,
}: {
  /** The heading once the listing has come, from its title. */
  title: (listingTitle: string) => string;
  /** The heading until then. */
  untitled: string;
  lead: string;
  /** More links beside "← Your listings". */
  links?: ReactNode;
  children: (detail: OwnListingDetail, id: number) => ReactNode;
}) {
  const router = useRouter();
  const raw = router.query.listingId;
  const id = typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const { data, error } = useOwnListing(router.isReady ? id : null);

  let content;
  if (router.isReady && (id === null || error)) {
    content = (
      <EmptyList title="No such listing" action={{ href: routes.listings, label: "Your listings" }}>
        It is not one of your listings, or it was removed.
      </EmptyList>
    );
  } else if (!data || id === null) {
    content = <ProfileScreenLoading />;
  } else {
    content = children(data, id);
  }

  return (
    <>
      <ProfilePageHeader title={data ? title(data.listing.title) : untitled} lead={lead} />
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

