import type { GetServerSideProps } from "next";
import { FeedLinks } from "@/features/feeds/components/feed-links";
import { BrowseLinks } from "@/features/jobs/components/browse-links";
import { JobBoard } from "@/features/board/components/job-board";
import { JsonLd, Seo } from "@/components/seo";
import { boardJsonLd } from "@/features/board/board-json-ld";
import { PageHeader } from "@/components/ui/page-header";
import { formatCount } from "@/lib/format";
import { homeCard } from "@/features/content/og-copy-cards";
import { HOME_COPY } from "@/features/content/page-copy";
import type { JobBoardData } from "@/features/jobs/types";
import { pagedTitle } from "@/lib/page-title";
import { routes } from "@/lib/routes";
import { loadBoard } from "@/features/jobs/server/board-page";
import { boardSettings } from "@/lib/board-settings";
import { SITE_URL } from "@/lib/site";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";

export const getServerSideProps: GetServerSideProps<JobBoardData> = (context) =>
  loadBoard("/", context, { withDepartmentCounts: true });

export default function HomePage({ filters, results, departmentCounts }: JobBoardData) {
  const openRoles = Object.values(departmentCounts ?? {}).reduce((sum, n) => sum + n, 0);
  const settings = boardSettings();
  return (
    <>
      <Seo
        title={pagedTitle(filters.q ? `Jobs matching “${filters.q}”` : settings.name, filters.page)}
        description={settings.heroText}
        path={filters.page > 1 ? `/?page=${filters.page}` : routes.home}
        card={homeCard(openRoles)}
      />
      {/* The board as an Organization and a WebSite with its search (issue 64). */}
      <JsonLd data={boardJsonLd(settings, SITE_URL)} />
      <FeedLinks />
      <PageHeader
        theme="violet"
        eyebrow={HOME_COPY.eyebrow}
        title={HOME_COPY.title}
        lead={`${formatCount(openRoles)} open ${openRoles === 1 ? "role" : "roles"} at creator-led brands, talent agencies, platforms and the tools behind them.`}
      />

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
