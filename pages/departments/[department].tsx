import { ListingPage } from "@/components/jobs/listing-page";
import { listingPage } from "@/lib/listing-pages";

const listing = listingPage("department", "department");

export const getStaticPaths = listing.getStaticPaths;
export const getStaticProps = listing.getStaticProps;

export default ListingPage;
