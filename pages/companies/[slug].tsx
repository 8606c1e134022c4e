import type { GetServerSideProps } from "next";
import { CompanyPage } from "@/features/companies/components/company-page";
import type { CompanyPageProps } from "@/features/companies/page";
import { pageQuery } from "@/lib/page-params";
import { companyPageData } from "@/features/companies/server/company-page";

// Only the page number counts: tracking parameters (utm_source, fbclid...) are left aside.
export const getServerSideProps: GetServerSideProps<CompanyPageProps> = (context) =>
  companyPageData(context, pageQuery("/companies/[slug]", context.query));

export default CompanyPage;
