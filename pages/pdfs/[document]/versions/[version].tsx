import { LegalPage } from "@/features/content/components/legal-page";
import { legalVersionServerProps } from "@/features/content/server/legal-page-data";

/** An older version of a legal document, readable at its own address (issue 64). */
export const getServerSideProps = legalVersionServerProps;

export default LegalPage;
