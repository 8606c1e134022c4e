import { ListingPage } from "@/components/jobs/listing-page";
import { listingPageData } from "@/lib/server/jobs/listing-page-data";

export const getServerSideProps = listingPageData("department");

export default ListingPage;
