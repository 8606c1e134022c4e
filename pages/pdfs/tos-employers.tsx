import { LegalPage } from "@/features/content/components/legal-page";
import { legalServerProps } from "@/features/content/server/legal-page-data";

export const getServerSideProps = legalServerProps("tos-employers");

export default LegalPage;
