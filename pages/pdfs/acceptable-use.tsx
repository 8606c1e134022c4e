import { LegalPage } from "@/features/content/components/legal-page";
import { legalStaticProps } from "@/features/content/server/legal-page-data";

export const getStaticProps = legalStaticProps("acceptable-use");

export default LegalPage;
