import { ArrowLeftIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";
import { routes } from "@/lib/routes";

/** How the company's screens link to each other: an icon and a few words in the brand colour. */
export const companyLinkClass =
  "inline-flex items-center gap-1 text-sm font-semibold text-violet-700 hover:text-violet-900";

/** Back to /listings, from the company's other screens (team, company page, billing, imports). */
export function BackToListings() {
  return (
    <Link href={routes.listings} className={companyLinkClass}>
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      Your job listings
    </Link>
  );
}
