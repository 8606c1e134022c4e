import { and, arrayContains, desc, eq, sql } from "drizzle-orm";
import { Feed } from "feed";
import { feedPaths } from "@/features/feeds/paths";
import { departmentLabel, formatSalary, jobTypeLabel, regionLabel } from "@/lib/format";
import { jobPath } from "@/features/jobs/path";
import { LISTINGS, type ListingKind } from "@/features/jobs/listing-pages";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { refreshBoardSettings } from "@/lib/server/board-settings";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs } from "@/lib/server/db/schema";
import {
  descriptionHtmlOfMany,
  isListed,
  type StoreDescriptionHtml,
} from "@/features/jobs/server/jobs";
import { feedJobColumns } from "./feed-columns";

/** How many of the newest jobs a feed carries. */
export const FEED_SIZE = 50;

/** A feed of new jobs: the whole board's, or one department's, region's or type's. */
export type FeedScope = { kind: ListingKind; slug: string } | null;

/** The listing a /feeds/{kind}/{slug}.xml names, or null when there is no such listing. */
export function findFeedScope(kind: ListingKind, file: unknown): FeedScope {
  if (typeof file !== "string" || !file.endsWith(".xml")) return null;
  const slug = file.slice(0, -".xml".length);
  return LISTINGS[kind].entries.some((entry) => entry.slug === slug) ? { kind, slug } : null;
}

/**
 * The newest listed jobs of a scope as Atom 1.0, newest first, with absolute links on
 * `siteUrl`. `updated` is the newest change among them, so an unchanged board gives the same
 * document. Descriptions not rendered yet are kept through `storeHtml` (descriptionHtmlOfMany).
 */
export async function buildJobsAtomFeed(
  db: Database,
  siteUrl: string,
  scope: FeedScope,
  storeHtml: StoreDescriptionHtml,
  now: Date = new Date(),
): Promise<string> {
  // A region's feed, like its page, has the jobs based there and the remote jobs open to it.
  const inScope = !scope
    ? undefined
    : scope.kind === "region"
      ? arrayContains(jobs.boardRegions, [scope.slug])
      : eq(scope.kind === "department" ? jobs.department : jobs.type, scope.slug);
  const rows = await db
    .select({
      ...feedJobColumns,
      updatedAt: sql<Date>`greatest(${jobs.updatedAt}, ${jobs.publishedAt})`.mapWith(
        jobs.updatedAt,
      ),
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(isListed(now), inScope))
    .orderBy(desc(jobs.publishedAt), desc(jobs.id))
    .limit(FEED_SIZE);

  const listing = scope ? LISTINGS[scope.kind] : null;
  const entry = scope && listing?.entries.find((candidate) => candidate.slug === scope.slug);
  const pagePath = scope && listing ? listing.path(scope.slug) : routes.home;
  const selfPath = scope ? feedPaths.listing(scope.kind, scope.slug) : feedPaths.latest;
  const updated = rows.reduce<Date | null>(
    (newest, row) => (!newest || row.updatedAt > newest ? row.updatedAt : newest),
    null,
  );
  // The board's name and description as its owner set them (lib/board-settings.ts).
  await refreshBoardSettings(db);
  const { name, heroText } = boardSettings();
  const feed = new Feed({
    title: entry && listing ? `New ${listing.title(entry)} | ${name}` : `New jobs | ${name}`,
    description: entry && listing ? listing.description(entry) : heroText,
    id: `${siteUrl}${selfPath}`,
    link: `${siteUrl}${pagePath}`,
    language: "en",
    copyright: `© ${name}`,
    // An empty feed dates from the epoch rather than "now": nothing in it has changed.
    updated: updated ?? new Date(0),
    generator: name,
    feedLinks: { atom: `${siteUrl}${selfPath}` },
  });
  const html = await descriptionHtmlOfMany(db, rows, storeHtml);
  for (const row of rows) {
    const url = `${siteUrl}${jobPath(row)}`;
    const facts = [
      row.companyName,
      row.location,
      jobTypeLabel(row.type),
      formatSalary(row.salaryMin, row.salaryMax, row.salaryCurrency, row.salaryPeriod),
    ].filter(Boolean);
    feed.addItem({
      title: `${row.title} at ${row.companyName}`,
      id: url,
      link: url,
      description: facts.join(" · "),
      content: html.get(row.id)!,
      date: row.updatedAt,
      published: row.publishedAt,
      author: [{ name: row.companyName }],
      category: [
        { name: departmentLabel(row.department), term: row.department },
        { name: regionLabel(row.region), term: row.region },
        { name: jobTypeLabel(row.type), term: row.type },
      ],
    });
  }
  return feed.atom1();
}
