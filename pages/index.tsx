import Link from "next/link";
import { BrowseLinks } from "@/components/jobs/browse-links";
import { Seo } from "@/components/seo";
import { PageHeader } from "@/components/ui/page-header";
import { LATEST_HIRING_REPORT } from "@/lib/reports";
import { routes } from "@/lib/routes";
import { SITE_DESCRIPTION, SITE_NAME } from "@/lib/site";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";

export default function HomePage() {
  return (
    <>
      <Seo title={SITE_NAME} description={SITE_DESCRIPTION} path={routes.home} />
      <PageHeader
        theme="violet"
        eyebrow="The creator economy job board"
        title="Find your next job in the creator economy"
        lead="Roles at creator-led brands, talent agencies, platforms and the tools behind them: from influencer marketing and partnerships to design, product and engineering."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            href={routes.submit}
            className="rounded-lg bg-white px-5 py-3 text-sm font-semibold text-violet-700 shadow-sm hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Post a job
          </Link>
          <Link
            href={LATEST_HIRING_REPORT.path}
            className="rounded-lg px-5 py-3 text-sm font-semibold text-white ring-1 ring-white/30 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Read the {LATEST_HIRING_REPORT.quarter} hiring report
          </Link>
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <BrowseLinks
          id="browse-role"
          title="Browse jobs by role"
          entries={DEPARTMENTS}
          href={routes.department}
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
