import type { GetServerSideProps } from "next";
import { FeedLinks } from "@/components/feed-links";
import { BrowseLinks } from "@/components/jobs/browse-links";
import { JobBoard } from "@/components/jobs/job-board";
import { Seo } from "@/components/seo";
import { Button } from "@/components/ui/button";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { PageHeader } from "@/components/ui/page-header";
import { formatCount } from "@/lib/format";
import { homeCard } from "@/lib/og-cards/copy-cards";
import { HOME_COPY } from "@/lib/content/page-copy";
import type { JobBoardData } from "@/lib/jobs/types";
import { pagedTitle } from "@/lib/page-title";
import { routes } from "@/lib/routes";
import { loadBoard } from "@/lib/server/jobs/board-page";
import { SITE_NAME } from "@/lib/site";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";

export const getServerSideProps: GetServerSideProps<JobBoardData> = (context) =>
  loadBoard("/", context, { withDepartmentCounts: true });

export default function HomePage({ filters, results, departmentCounts }: JobBoardData) {
  const openRoles = Object.values(departmentCounts ?? {}).reduce((sum, n) => sum + n, 0);
  return (
    <>
      <Seo
        title={pagedTitle(filters.q ? `Jobs matching “${filters.q}”` : SITE_NAME, filters.page)}
        description={HOME_COPY.description}
        path={filters.page > 1 ? `/?page=${filters.page}` : routes.home}
        card={homeCard(openRoles)}
      />
      <FeedLinks />
      <PageHeader
        theme="violet"
        eyebrow={HOME_COPY.eyebrow}
        title={HOME_COPY.title}
        lead={`${formatCount(openRoles)} open ${openRoles === 1 ? "role" : "roles"} at creator-led brands, talent agencies, platforms and the tools behind them.`}
      >
        {/* On a phone the filter bar below is the one search form: the jobs come sooner. */}
        <form
          action={routes.home}
          method="get"
          role="search"
          className="mt-8 hidden max-w-2xl sm:block"
        >
          <label htmlFor="hero-search" className="sr-only">
            Search jobs
          </label>
          <div className="flex gap-2 rounded-xl bg-white p-2 shadow-lg">
            <div className="relative flex-1">
              <SpriteIcon
                name="magnifying-glass"
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400"
              />
              <input
                id="hero-search"
                name="q"
                type="search"
                defaultValue={filters.q ?? ""}
                maxLength={100}
                placeholder="Search by title, skill or tool, e.g. “YouTube editor”"
                className="block h-11 w-full rounded-lg border-0 pr-3 pl-10 text-base text-gray-900 placeholder:text-gray-500 focus:ring-2 focus:ring-violet-600"
              />
            </div>
            <Button type="submit">Search</Button>
          </div>
        </form>
      </PageHeader>

      <JobBoard basePath={routes.home} filters={filters} results={results} />

      {/* Below the jobs: not styled or laid out until it comes near the screen (see .job-card). */}
      <div className="mx-auto max-w-7xl border-t border-gray-100 px-4 py-8 [contain-intrinsic-size:auto_60rem] [content-visibility:auto] sm:px-6 lg:px-8">
        <BrowseLinks
          id="browse-role"
          title="Browse jobs by role"
          entries={DEPARTMENTS}
          href={routes.department}
          counts={departmentCounts}
        />
        <BrowseLinks
          id="browse-location"
          title="Browse jobs by location"
          entries={REGIONS}
          href={routes.region}
        />
        <BrowseLinks
          id="browse-type"
          title="Browse jobs by type"
          entries={JOB_TYPES}
          href={routes.type}
        />
      </div>
    </>
  );
}
