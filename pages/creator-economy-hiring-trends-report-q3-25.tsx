import { ReportPage } from "@/components/reports/report-page";
import { reportServerSideProps } from "@/lib/server/reports/report-page-data";

export const getServerSideProps = reportServerSideProps(
  "/creator-economy-hiring-trends-report-q3-25",
);

export default ReportPage;
