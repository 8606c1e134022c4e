import { and, asc, between, desc, eq, gt, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
import { jobPath } from "@/features/jobs/path";
import { HIRING_REPORTS, listReports } from "@/features/reports/reports";
import { PUBLIC_ROUTES, routes, SIGN_IN_ROUTES } from "@/lib/routes";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs, newsletterIssues, salaryFigures } from "@/lib/server/db/schema";
import { MIN_LISTINGS } from "@/features/jobs/pay";
import { isOfferLive, listOffers } from "@/features/content/server/offers";
import { listPosts } from "@/features/content/server/posts";
import { isListed } from "@/features/jobs/server/jobs";

/*
 * The sitemaps (https://www.sitemaps.org/protocol.html): /sitemap.xml is an index of child
 * sitemaps by kind, each under /sitemaps/. Jobs are split by id range, JOBS_PER_FILE ids a file
 * (so never more than 50,000 URLs, the protocol's limit), and a file is read in keyset batches
 * by id: at 100,000 jobs no query holds more than a batch. A file's membership only changes when
 * one of its own jobs opens or closes, so its lastmod is true.
 *
 * lastmod is the real last change, never "now": a job's update or publication, a post's date, a
 * list page's newest change among the jobs it shows or showed. Pages with no date of their own
 * (static pages, reports) have none: the protocol makes it optional.
 */

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Job ids a jobs-N.xml file covers: ids (N-1)*JOBS_PER_FILE+1 to N*JOBS_PER_FILE. */
export const JOBS_PER_FILE = SITEMAP_MAX_URLS;
/** Rows read per query while writing a jobs file. */
const BATCH = 5_000;

export const FIXED_SITEMAPS = [
  "pages",
  "listings",
  "companies",
  "blog",
  "newsletter",
  "reports",
  "salaries",
] as const;
export type SitemapName = (typeof FIXED_SITEMAPS)[number] | { jobs: number };

/** The path of a child sitemap: /sitemaps/pages.xml, /sitemaps/jobs-2.xml. */
export const sitemapPath = (name: SitemapName) =>
  `/sitemaps/${typeof name === "string" ? name : `jobs-${name.jobs}`}.xml`;

/** The child sitemap a /sitemaps/[file] segment names ("jobs-2.xml"), or null. */
export function parseSitemapFile(file: unknown): SitemapName | null {
  if (typeof file !== "string") return null;
  const jobsFile = /^jobs-([1-9]\d{0,5})\.xml$/.exec(file);
  if (jobsFile) return { jobs: Number(jobsFile[1]) };
  const name = file.replace(/\.xml$/, "");
  return file.endsWith(".xml") && (FIXED_SITEMAPS as readonly string[]).includes(name)
    ? (name as SitemapName)
    : null;
}

/**
 * Every public page without a dynamic segment, less the sign-in pages and those another child
 * lists (the blog, the newsletter's archive, the reports, the salaries).
 */
const STATIC_PATHS = PUBLIC_ROUTES.filter(
  (route) =>
    !route.includes("[") &&
    !SIGN_IN_ROUTES.includes(route) &&
    route !== routes.blog &&
    route !== routes.newsletter &&
    route !== routes.salaries() &&
    !HIRING_REPORTS.some((report) => report.path === route),
);

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** W3C Datetime, to the second. */
const w3c = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

const urlEntry = (siteUrl: string, path: string, lastmod?: Date | string | null) =>
  `<url><loc>${escapeXml(siteUrl + path)}</loc>${
    lastmod ? `<lastmod>${typeof lastmod === "string" ? lastmod : w3c(lastmod)}</lastmod>` : ""
  }</url>\n`;

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = "</urlset>\n";

/** A listed job's last change: its update or its publication, whichever is later. */
const jobLastmod = sql<Date>`greatest(${jobs.updatedAt}, ${jobs.publishedAt})`.mapWith(
  jobs.updatedAt,
);

/** The latest of a timestamp expression, read as a Date on every driver. */
const latestOf = (expression: SQL) => sql<Date | null>`max(${expression})`.mapWith(jobs.updatedAt);

/**
 * The last change a job made to the lists it was on: published, edited, closed or past its
 * expiry date (a job leaves the lists then, even before the scheduler marks it expired).
 */
const listChange = (now: Date) =>
  sql`greatest(${jobs.updatedAt}, ${jobs.publishedAt}, coalesce(${jobs.closedAt}, ${jobs.publishedAt}), case when ${jobs.expiresAt} <= ${now} then ${jobs.expiresAt} else ${jobs.publishedAt} end)`;

/** Jobs that have been on the board: lists changed when they came and went. */
const WAS_LISTED: SQL = inArray(jobs.status, ["open", "filled", "expired", "withdrawn", "removed"]);

const latest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((a, b) => (!b ? a : !a || b > a ? b : a), null);

/** Each listing page's last change (department, region and type slugs), from one scan. */
async function listingChanges(db: Database, now: Date) {
  const rows = await db
    .select({
      department: jobs.department,
      regions: jobs.boardRegions,
      type: jobs.type,
      changed: latestOf(listChange(now)),
    })
    .from(jobs)
    .where(WAS_LISTED)
    .groupBy(jobs.department, jobs.boardRegions, jobs.type);
  // A region page lists the remote jobs open to it too: board_regions says which.
  const of = (key: "department" | "region" | "type", slug: string) =>
    latest(
      rows
        .filter((row) => (key === "region" ? row.regions.includes(slug) : row[key] === slug))
        .map((row) => row.changed),
    );
  return { of, all: latest(rows.map((row) => row.changed)) };
}

/** Companies with a listed job, each with the last change among its jobs. */
async function listCompanies(db: Database, now: Date) {
  const rows = await db
    .select({
      slug: companies.slug,
      changed: latestOf(listChange(now)),
      listed: sql<boolean>`bool_or(${isListed(now)})`,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(WAS_LISTED)
    .groupBy(companies.slug)
    .orderBy(asc(companies.slug));
  return rows.filter((row) => row.listed).map((row) => ({ slug: row.slug, changed: row.changed }));
}

/** The jobs files that have a listed job, with their last change, by file number. */
async function jobFiles(db: Database, now: Date) {
  const file = sql<number>`(${jobs.id} - 1) / ${sql.raw(String(JOBS_PER_FILE))} + 1`;
  const rows = await db
    .select({
      file: file.mapWith(Number),
      changed: latestOf(jobLastmod),
      urls: sql<number>`count(*)`,
    })
    .from(jobs)
    .where(isListed(now))
    .groupBy(file)
    .orderBy(file);
  return rows.map((row) => ({
    file: row.file,
    changed: row.changed,
    urls: Number(row.urls),
  }));
}

/**
 * The salary pages with figures to show (features/salaries/server): a role, or a role in a region,
 * with at least MIN_LISTINGS listings behind it; their last change is the figures' last run.
 */
async function salaryPages(db: Database): Promise<{ computedAt: Date | null; paths: string[] }> {
  const rows = await db
    .select({
      department: salaryFigures.department,
      region: salaryFigures.region,
      computedAt: salaryFigures.computedAt,
    })
    .from(salaryFigures)
    .where(
      and(
        ne(salaryFigures.department, ""),
        eq(salaryFigures.type, ""),
        eq(salaryFigures.quarter, ""),
        gte(salaryFigures.listings, MIN_LISTINGS),
      ),
    )
    .orderBy(asc(salaryFigures.department), asc(salaryFigures.region));
  return {
    computedAt: latest(rows.map((row) => row.computedAt)),
    paths: rows.map((row) => routes.salaries(row.department, row.region || undefined)),
  };
}

/** The child sitemaps that have something to list, each with the last change of what it lists. */
export async function listSitemaps(
  db: Database,
  now: Date = new Date(),
): Promise<{ name: SitemapName; lastmod: Date | string | null }[]> {
  const [listings, companyRows, posts, issues, files, salaries] = await Promise.all([
    listingChanges(db, now),
    listCompanies(db, now),
    listPosts(db, now),
    sentNewsletterIssues(db),
    jobFiles(db, now),
    salaryPages(db),
  ]);
  return [
    { name: "pages", lastmod: null },
    { name: "listings", lastmod: listings.all },
    ...(companyRows.length > 0
      ? [{ name: "companies" as const, lastmod: latest(companyRows.map((row) => row.changed)) }]
      : []),
    ...(posts.length > 0 ? [{ name: "blog" as const, lastmod: posts[0]!.date }] : []),
    // The archive's page is listed whether or not an issue has gone; its issues once they have.
    { name: "newsletter", lastmod: latest(issues.map((issue) => issue.sentAt)) },
    { name: "reports", lastmod: null },
    { name: "salaries", lastmod: salaries.computedAt },
    ...files.map((row) => ({ name: { jobs: row.file }, lastmod: row.changed })),
  ];
}

/**
 * The newsletter's sent issues, newest first: its archive's pages (features/newsletter, a layer
 * above this one, shows them; what counts as sent is its `sentIssues`'s rule, status 'sent').
 */
const sentNewsletterIssues = (db: Database) =>
  db
    .select({ id: newsletterIssues.id, sentAt: newsletterIssues.sentAt })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.status, "sent"))
    .orderBy(desc(newsletterIssues.sendAt));

/** sitemap.xml: the sitemap index. */
export async function buildSitemapIndex(
  db: Database,
  siteUrl: string,
  now: Date = new Date(),
): Promise<string> {
  const entries = (await listSitemaps(db, now)).map(
    ({ name, lastmod }) =>
      `<sitemap><loc>${escapeXml(siteUrl + sitemapPath(name))}</loc>${
        lastmod ? `<lastmod>${typeof lastmod === "string" ? lastmod : w3c(lastmod)}</lastmod>` : ""
      }</sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("")}</sitemapindex>\n`;
}

/**
 * Writes one child sitemap through `write`, in pieces (a jobs file is written batch by batch).
 * Returns false, having written nothing, when there is no such sitemap.
 */
export async function writeSitemap(
  db: Database,
  siteUrl: string,
  name: SitemapName,
  write: (chunk: string) => void,
  now: Date = new Date(),
): Promise<boolean> {
  if (typeof name !== "string") return writeJobsFile(db, siteUrl, name.jobs, write, now);
  let body = "";
  const add = (path: string, lastmod?: Date | string | null) => {
    body += urlEntry(siteUrl, path, lastmod);
  };
  if (name === "pages") {
    for (const path of STATIC_PATHS) add(path);
    for (const offer of await listOffers())
      if (isOfferLive(offer, now)) add(routes.offer(offer.id));
  } else if (name === "listings") {
    const { of } = await listingChanges(db, now);
    for (const entry of DEPARTMENTS)
      add(routes.department(entry.slug), of("department", entry.slug));
    for (const entry of REGIONS) add(routes.region(entry.slug), of("region", entry.slug));
    for (const entry of JOB_TYPES) add(routes.type(entry.slug), of("type", entry.slug));
  } else if (name === "companies") {
    for (const company of await listCompanies(db, now))
      add(routes.company(company.slug), company.changed);
  } else if (name === "blog") {
    const posts = await listPosts(db, now);
    if (posts[0]) add(routes.blog, posts[0].date);
    for (const post of posts) add(routes.post(post.slug), post.date);
  } else if (name === "newsletter") {
    const issues = await sentNewsletterIssues(db);
    add(routes.newsletter, latest(issues.map((issue) => issue.sentAt)));
    for (const issue of issues) add(routes.newsletterIssue(issue.id), issue.sentAt);
  } else if (name === "salaries") {
    const { computedAt, paths } = await salaryPages(db);
    add(routes.salaries(), computedAt);
    for (const path of paths) add(path, computedAt);
  } else {
    // The spec's seven and every later quarter that has ended.
    for (const report of listReports(now)) add(report.path);
  }
  write(URLSET_OPEN + body + URLSET_CLOSE);
  return true;
}

/** jobs-N.xml: the listed jobs with ids in file N's range, read by id in keyset batches. */
async function writeJobsFile(
  db: Database,
  siteUrl: string,
  file: number,
  write: (chunk: string) => void,
  now: Date,
): Promise<boolean> {
  const first = (file - 1) * JOBS_PER_FILE + 1;
  const last = file * JOBS_PER_FILE;
  let after = first - 1;
  let started = false;
  for (;;) {
    const rows = await db
      .select({ id: jobs.id, slug: jobs.slug, lastmod: jobLastmod })
      .from(jobs)
      .where(and(isListed(now), between(jobs.id, first, last), gt(jobs.id, after)))
      .orderBy(asc(jobs.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    if (!started) write(URLSET_OPEN);
    started = true;
    write(rows.map((row) => urlEntry(siteUrl, jobPath(row), row.lastmod)).join(""));
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  if (!started) return false;
  write(URLSET_CLOSE);
  return true;
}

/** One child sitemap as a string, or null when there is no such sitemap. */
export async function buildSitemapFile(
  db: Database,
  siteUrl: string,
  name: SitemapName,
  now: Date = new Date(),
): Promise<string | null> {
  const chunks: string[] = [];
  const found = await writeSitemap(db, siteUrl, name, (chunk) => chunks.push(chunk), now);
  return found ? chunks.join("") : null;
}

/**
 * The index and every child sitemap it lists, one after the other: what a crawler reads by
 * following /sitemap.xml. For checks; the routes serve each document on its own.
 */
export async function buildSitemap(
  db: Database,
  siteUrl: string,
  now: Date = new Date(),
): Promise<string> {
  const documents = [await buildSitemapIndex(db, siteUrl, now)];
  for (const { name } of await listSitemaps(db, now)) {
    documents.push((await buildSitemapFile(db, siteUrl, name, now)) ?? "");
  }
  return documents.join("");
}
