import { LegalPage } from "@/components/legal/legal-page";
import { legalStaticProps } from "@/lib/server/content/legal-page-data";

export const getStaticProps = legalStaticProps("tos-employers");

export default LegalPage;
