import { JobDetails } from "@/features/jobs/components/job-details";
import { jobPageData } from "@/features/jobs/server/job-page-data";

export const getServerSideProps = jobPageData;

export default JobDetails;
