import { ReportPage } from "@/features/reports/components/report-page";
import { reportServerSideProps } from "@/features/reports/server/report-page-data";

export const getServerSideProps = reportServerSideProps("/creator-economy-hiring-trends-report");

export default ReportPage;
