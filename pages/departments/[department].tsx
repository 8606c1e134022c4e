import { ListingPage } from "@/features/board/components/listing-page";
import { listingPageData } from "@/features/jobs/server/listing-page-data";

export const getServerSideProps = listingPageData("department");

export default ListingPage;
