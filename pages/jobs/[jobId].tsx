import { JobDetails } from "@/components/jobs/job-details";
import { jobPageData } from "@/lib/server/jobs/job-page-data";

export const getServerSideProps = jobPageData;

export default JobDetails;
