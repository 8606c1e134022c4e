import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";
import { CompanyLogo } from "@/components/ui/company-logo";
import { JobCardList } from "@/features/jobs/components/job-card";
import { Pagination } from "@/features/jobs/components/pagination";
import { EmptyList } from "@/components/ui/profile-screen-state";
import { JsonLd, Seo } from "@/components/seo";
import { organizationJsonLd, type CompanyPageProps } from "@/features/companies/page";
import { formatCount } from "@/lib/format";
import { pagedTitle } from "@/lib/page-title";
import { companyCard } from "@/features/companies/og-card";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { SITE_URL } from "@/lib/site";

/** The website as people read it: "acme.example", without the scheme or a bare trailing slash. */
const displayWebsite = (website: string) =>
  website.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, "");

/** /companies/[slug]: who the company is and its open jobs, newest first, as the lists show them. */
export function CompanyPage({ company, careers_site, filters, results }: CompanyPageProps) {
  const path = routes.company(company.slug);
  const count = `${formatCount(results.total)}${results.total_is_capped ? "+" : ""}`;
  const roles = results.total === 1 ? "open role" : "open roles";
  const hiring = results.total > 0;
  // A search result shows about 160 characters: the first sentence of the about is enough.
  const aboutLead = company.about?.split(/(?<=[.!?])\s/)[0];
  return (
    <>
      <Seo
        title={pagedTitle(`Jobs at ${company.name}`, filters.page)}
        description={
          hiring
            ? `${company.name} is hiring: ${count} ${roles} in the creator economy.${aboutLead ? ` ${aboutLead}` : ""}`
            : `${company.name} has no open roles right now.`
        }
        path={filters.page > 1 ? `${path}?page=${filters.page}` : path}
        // A company between hires has nothing for a search to send people to.
        noIndex={!hiring}
        card={companyCard(company, results)}
      />
      <JsonLd data={organizationJsonLd(company, `${SITE_URL}${path}`)} />

      <div className="bg-violet-700 bg-linear-to-b from-violet-700 to-violet-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
          <nav aria-label="Breadcrumb" className="text-sm text-violet-200">
            <Link href={routes.home} className="hover:text-white">
              Jobs
            </Link>
            <span aria-hidden="true"> / </span>
            <span>Companies</span>
          </nav>
          <div className="mt-4 flex items-center gap-4">
            <CompanyLogo
              name={company.name}
              slug={company.slug}
              logoUrl={company.logo_url}
              size="lg"
            />
            <h1 className="min-w-0 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {company.name}
            </h1>
          </div>
          {/* Under the name, aligned with it from small screens up; full width on phones. */}
          <div className="sm:pl-20">
            {company.about && (
              <p className="mt-4 max-w-2xl text-base leading-7 text-pretty text-violet-100">
                {company.about}
              </p>
            )}
            {company.website && (
              <a
                href={company.website}
                target="_blank"
                rel="nofollow noopener noreferrer"
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold break-all text-white underline decoration-violet-300 underline-offset-4 hover:decoration-white"
              >
                {displayWebsite(company.website)}
                <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </div>
        </div>
      </div>

      <section
        aria-labelledby="company-jobs-heading"
        className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8"
      >
        <h2 id="company-jobs-heading" className="text-lg font-semibold text-gray-900">
          {hiring ? `${count} ${roles}` : "No open roles right now"}
        </h2>
        {careers_site && (
          <CareersSiteNote
            company={company.name}
            slug={company.slug}
            site={careers_site}
            listed={results.total}
          />
        )}
        {hiring ? (
          <JobCardList jobs={results.jobs} />
        ) : (
          <div className="mt-4">
            <EmptyList
              title={`${company.name} is not hiring on ${boardSettings().name} at the moment`}
              action={{ href: routes.home, label: "See all jobs" }}
            >
              Their next listing will appear here. New roles arrive on the board every week.
            </EmptyList>
          </div>
        )}
        <Pagination basePath={path} filters={filters} pageCount={results.page_count} />
      </section>
    </>
  );
}

/**
 * How many of the company's jobs come from its careers site (the others were posted on the
 * board), and the way to claim the page.
 */
function CareersSiteNote({
  company,
  slug,
  site,
  listed,
}: {
  company: string;
  slug: string;
  site: NonNullable<CompanyPageProps["careers_site"]>;
  /** How many jobs the company has listed. */
  listed: number;
}) {
  const careers = `${company}\u2019s careers site on ${site.ats}`;
  const from = `${careers}, checked every hour`;
  const imported = Math.min(site.imported, listed);
  const others = listed - imported;
  let source: string;
  if (imported === 0) source = `The board checks ${careers} every hour for new jobs.`;
  else if (others === 0 && listed === 1) {
    source = `This job comes from ${from}: its Apply button leads there.`;
  } else if (others === 0) {
    source = `These jobs come from ${from}: each one\u2019s Apply button leads there.`;
  } else {
    source =
      imported === 1
        ? `1 of these ${listed} jobs comes from ${from}: its Apply button leads there.`
        : `${imported} of these ${listed} jobs come from ${from}: their Apply buttons lead there.`;
    source +=
      others === 1
        ? " The other was posted on the board."
        : " The others were posted on the board.";
  }
  return (
    <p className="mt-2 max-w-3xl text-sm text-gray-600">
      {source}
      {site.claimable && site.domain && (
        <>
          {" "}
          Work at {company}?{" "}
          <Link
            href={routes.claimCompany(slug)}
            className="font-semibold text-violet-700 underline underline-offset-4 hover:text-violet-900"
          >
            Claim this page
          </Link>{" "}
          with your e-mail address at {site.domain}.
        </>
      )}
    </p>
  );
}
