import { JobDetails } from "@/features/board/components/job-details";
import { jobPageData } from "@/features/board/server/job-page-data";

export const getServerSideProps = jobPageData;

export default JobDetails;
