import { useRouter } from "next/router";
import { Pipeline } from "@/components/applications/pipeline/pipeline";
import { EmptyList, ProfileScreenLoading } from "@/components/profile/profile-screen-state";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useOwnListing } from "@/hooks/use-listings";
import { routes } from "@/lib/routes";

/** /listings/{id}/applicants: the employer's pipeline of one listing's applicants. */
export default function ApplicantsPage() {
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
    content = <Pipeline listingId={id} />;
  }

  return (
    <>
      <ProfilePageHeader
        title={data ? `Applicants for “${data.listing.title}”` : "Applicants"}
        lead="Read each application and CV, move applicants through the stages, and keep private notes."
      />
      <p className="mt-3 text-sm">
        <Link href={routes.listings} className="font-medium text-violet-700 hover:underline">
          ← Your listings
        </Link>
      </p>
      <div className="mt-6">{content}</div>
    </>
  );
}
