import { and, count, desc, eq } from "drizzle-orm";
import type { GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import { jobPath } from "@/features/jobs/path";
import { isListed } from "@/features/jobs/server/jobs";
import { isCompanySlug } from "@/features/companies/page";
import {
  embedPageQuerySchema,
  type CompanyEmbed,
  type EmbedPageProps,
} from "@/features/embed/schemas";
import { boardSettings } from "@/lib/board-settings";
import { jobTypeLabel, regionLabel } from "@/lib/format";
import { routes } from "@/lib/routes";
import { getDatabase, type Database } from "@/lib/server/db";
import { companies, jobs } from "@/lib/server/db/schema";
import { refreshBoardSettings } from "@/lib/server/board-settings";
import { listCacheControl } from "@/lib/server/http/cache";
import { absoluteUrl } from "@/lib/server/mail/links";
import { parseInput } from "@/lib/validation/input";
import { QUERY_NAMING } from "@/lib/validation/field-errors";

/**
 * A company's live listings (open, not expired), newest first, at most `limit`, with every
 * address absolute on the board's public address (NEXT_PUBLIC_SITE_URL): the embed is read on
 * another site. Null when no company has the slug. Nothing but what its public page shows.
 */
export async function getCompanyEmbed(
  db: Database,
  slug: string,
  limit: number,
  now: Date = new Date(),
): Promise<CompanyEmbed | null> {
  const [company] = await db
    .select({ id: companies.id, slug: companies.slug, name: companies.name })
    .from(companies)
    .where(eq(companies.slug, slug));
  if (!company) return null;
  const where = and(eq(jobs.companyId, company.id), isListed(now));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: jobs.id,
        slug: jobs.slug,
        title: jobs.title,
        location: jobs.location,
        region: jobs.region,
        type: jobs.type,
        publishedAt: jobs.publishedAt,
      })
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.publishedAt), desc(jobs.id))
      .limit(limit),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  await refreshBoardSettings(db);
  return {
    company: {
      slug: company.slug,
      name: company.name,
      url: absoluteUrl(routes.company(company.slug)),
    },
    jobs: rows.map((row) => ({
      id: row.id,
      title: row.title,
      url: absoluteUrl(jobPath(row)),
      location: row.location,
      region: row.region,
      region_label: regionLabel(row.region),
      type: row.type,
      type_label: jobTypeLabel(row.type),
      published_at: row.publishedAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    board: { name: boardSettings().name, url: absoluteUrl(routes.home) },
  };
}

/**
 * The data of /embed/companies/[slug], from the query its page read (`limit`, `theme`): a slug the site would never make or an unknown one is a
 * 404, and so is a bad `theme` or `limit` (a page has no 422; the snippet the employer copies
 * never sends one). Shared by caches like the company's page, and purged with it when a listing
 * is published or ends (features/jobs/server/forget-job-pages.ts).
 */
export async function embedPageData(
  context: GetServerSidePropsContext,
  query: { limit?: string | string[]; theme?: string | string[] },
): Promise<GetServerSidePropsResult<EmbedPageProps>> {
  const slug = context.params?.slug;
  if (!isCompanySlug(slug)) return { notFound: true };
  const parsed = parseInput(embedPageQuerySchema, query, QUERY_NAMING);
  if (!parsed.ok) return { notFound: true };
  const embed = await getCompanyEmbed(await getDatabase(), slug, parsed.data.limit);
  if (!embed) return { notFound: true };
  context.res.setHeader("Cache-Control", listCacheControl());
  return { props: { embed, query: parsed.data } };
}
