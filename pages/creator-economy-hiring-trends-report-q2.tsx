import { reportPage } from "@/components/reports/report-page";

export default reportPage("/creator-economy-hiring-trends-report-q2");
