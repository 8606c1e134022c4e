import { SalaryPage } from "@/components/salaries/salary-page";
import { salaryPageData } from "@/lib/server/salaries/salary-page-data";

export const getServerSideProps = salaryPageData;

export default SalaryPage;
