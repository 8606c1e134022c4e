import type { GetServerSideProps } from "next";
import { PublicLayout } from "@/components/layout/public-layout";
import { Seo } from "@/components/seo";
import { ClaimCompany, type ClaimPageProps } from "@/features/imports/components/claim-company";
import { isCompanySlug } from "@/features/companies/page";
import { getDatabase } from "@/lib/server/db";
import { claimableCompany } from "@/features/imports/server/claim";
import { websiteHost } from "@/features/companies/server/website-host";

/**
 * /claim/[slug]: someone at a company's domain takes over the company the board added to import
 * its jobs (issue 46). Not for search engines; read fresh each time (who runs it can change).
 */
export const getServerSideProps: GetServerSideProps<ClaimPageProps> = async (context) => {
  const slug = context.params?.slug;
  if (!isCompanySlug(slug)) return { notFound: true };
  try {
    const company = await claimableCompany(await getDatabase(), slug);
    context.res.setHeader("Cache-Control", "private, no-store");
    return {
      props: {
        name: company.name,
        slug: company.slug,
        domain: websiteHost(company.website),
        claimed: company.members > 0,
      },
    };
  } catch {
    return { notFound: true };
  }
};

export default function ClaimPage(props: ClaimPageProps) {
  return (
    <PublicLayout theme="light">
      <Seo
        title={`Claim ${props.name}`}
        description={`Run ${props.name}'s page and imported jobs on the board.`}
        noIndex
      />
      <ClaimCompany {...props} />
    </PublicLayout>
  );
}
