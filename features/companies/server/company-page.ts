import { and, asc, count, desc, eq, exists, sql } from "drizzle-orm";
import { ATS_LABELS } from "@/features/companies/ats-kinds";
import type { GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import {
  isCompanySlug,
  type CareersSite,
  type CompanyPageProps,
  type CompanyProfile,
} from "@/features/companies/page";
import type { JobFilters } from "@/features/jobs/filters";
import type { JobPage } from "@/features/jobs/types";
import { shownLogo } from "@/lib/logos/logos";
import { parseJobFilters } from "@/features/jobs/filter-schemas";
import { getDatabase, type Database } from "@/lib/server/db";
import { atsJobs, atsSources, companies, jobs } from "@/lib/server/db/schema";
import { memberCount } from "@/lib/server/users/company-admins";
import { websiteHost } from "@/features/companies/server/website-host";
import { listCacheControl } from "@/lib/server/http/cache";
import { isListed, summaryColumns } from "@/features/jobs/server/jobs";
import { cappedCount, COUNT_CAP, pageOf } from "@/features/jobs/server/job-search";
import { findSlots, notSlotted, slotRows } from "@/features/jobs/server/sponsored-slots";
import { restWindow } from "@/features/jobs/ranking";

/**
 * A company and one page of its listed jobs (open, not expired): like every list, the first page
 * opens with the hour's sponsored slots among them (features/jobs/ranking.ts), then the others newest
 * first; null when no company has the slug. The jobs are read through the jobs' company index, so a render costs
 * what the one company has, never what the board has; the count stops at the lists' cap.
 */
export async function getCompanyPage(
  db: Database,
  slug: string,
  filters: Pick<JobFilters, "page" | "per_page">,
  now: Date = new Date(),
): Promise<{ company: CompanyProfile; careers_site: CareersSite | null; results: JobPage } | null> {
  const [company] = await db
    .select({
      id: companies.id,
      slug: companies.slug,
      name: companies.name,
      website: companies.website,
      logoUrl: companies.logoUrl,
      about: companies.about,
    })
    .from(companies)
    .where(eq(companies.slug, slug));
  if (!company) return null;
  const where = and(eq(jobs.companyId, company.id), isListed(now));
  const slots = await findSlots(db, where, filters.per_page, now);
  const { offset, limit } = restWindow(filters.page, filters.per_page, slots.ids.length);
  const [slotted, others, counted] = await Promise.all([
    filters.page === 1 ? slotRows(db, slots) : [],
    db
      .select(summaryColumns)
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(where, notSlotted(slots)))
      .orderBy(desc(jobs.publishedAt), desc(jobs.id))
      .limit(limit)
      .offset(offset),
    cappedCount(db, where, COUNT_CAP),
  ]);
  const rows = [...slotted, ...others];
  const { id, logoUrl, ...rest } = company;
  // Only a logo uploaded here is shown (lib/logos/logos.ts).
  const profile = { ...rest, logo_url: shownLogo(logoUrl) };
  return {
    company: profile,
    careers_site: await careersSiteOf(db, id, company.website, now),
    results: pageOf(rows, counted, COUNT_CAP, filters),
  };
}

/**
 * The ATS a company's jobs are imported from, if any, how many of its listed jobs came from it,
 * and whether it may be claimed.
 */
async function careersSiteOf(
  db: Database,
  companyId: number,
  website: string | null,
  now: Date,
): Promise<CareersSite | null> {
  const [source] = await db
    .select({
      ats: atsSources.ats,
      members: memberCount(companyId),
    })
    .from(atsSources)
    .where(eq(atsSources.companyId, companyId))
    .orderBy(asc(atsSources.id))
    .limit(1);
  if (!source) return null;
  // Its listed jobs that one of its sources imported (ats_jobs names each import's listing).
  const [imported] = await db
    .select({ total: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, companyId),
        isListed(now),
        exists(
          db
            .select({ one: sql`1` })
            .from(atsJobs)
            .innerJoin(atsSources, eq(atsSources.id, atsJobs.sourceId))
            .where(and(eq(atsJobs.jobId, jobs.id), eq(atsSources.companyId, companyId))),
        ),
      ),
    );
  const domain = websiteHost(website);
  return {
    ats: ATS_LABELS[source.ats],
    imported: imported?.total ?? 0,
    claimable: source.members === 0 && domain !== null,
    domain,
  };
}

/**
 * The slug of every company with at least one listed job, for the sitemap: a company between
 * hires has a page, but not one worth a search engine's visit (it is noindex).
 */
export async function listSitemapCompanies(db: Database, now: Date = new Date()) {
  return db
    .selectDistinct({ slug: companies.slug })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(isListed(now))
    .orderBy(asc(companies.slug));
}

/**
 * The data of /companies/[slug], from the query its page read (`page`). A slug the site would
 * never make, an unknown one, a bad page or a page past the end is a 404. The HTML is shared by
 * caches like the lists', and a job's publication or expiry purges it (forget-job-pages.ts).
 */
export async function companyPageData(
  context: GetServerSidePropsContext,
  query: { page?: string | string[] },
): Promise<GetServerSidePropsResult<CompanyPageProps>> {
  const slug = context.params?.slug;
  if (!isCompanySlug(slug)) return { notFound: true };
  const parsed = parseJobFilters(query);
  if (!parsed.ok) return { notFound: true };
  const found = await getCompanyPage(await getDatabase(), slug, parsed.data);
  if (!found || parsed.data.page > found.results.page_count) return { notFound: true };
  context.res.setHeader("Cache-Control", listCacheControl());
  return { props: { ...found, filters: parsed.data } };
}
