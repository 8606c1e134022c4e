import { SalaryPage } from "@/features/salaries/components/salary-page";
import { salaryPageData } from "@/features/salaries/server/salary-page-data";

export const getServerSideProps = salaryPageData;

export default SalaryPage;
