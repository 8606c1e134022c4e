import { and, asc, eq, gt, sql } from "drizzle-orm";
import { departmentLabel } from "@/lib/format";
import { jobPath } from "@/lib/job-path";
import { SITE_NAME } from "@/lib/site";
import type { Database } from "../db/client";
import { companies, jobs } from "../db/schema";
import { isListed } from "../jobs/jobs-service";

/*
 * /feeds/jobs.xml: every open job in the XML format job aggregators ingest, Indeed's
 * `<source><publisher/>…<job>…</job></source>` (also read by Jooble, Adzuna, Talent.com, Google
 * for Jobs partners...). Every value is CDATA. The feed is written in batches read by id
 * (keyset), so a board of 100,000 jobs is never held in memory at once.
 */

/** Jobs read per query: descriptions make rows large. */
const BATCH = 500;

const JOB_TYPES: Record<string, string> = {
  "full-time": "fulltime",
  "part-time": "parttime",
  contractor: "contract",
  internship: "internship",
};

/** Country names as listings write them, to ISO 3166-1 alpha-2. */
const COUNTRIES: Record<string, string> = {
  usa: "US",
  us: "US",
  "united states": "US",
  uk: "GB",
  "united kingdom": "GB",
  england: "GB",
  canada: "CA",
  australia: "AU",
  germany: "DE",
  france: "FR",
  spain: "ES",
  portugal: "PT",
  netherlands: "NL",
  ireland: "IE",
  brazil: "BR",
  mexico: "MX",
  nigeria: "NG",
  "south africa": "ZA",
  india: "IN",
  japan: "JP",
};
/** Cities that are their own country. */
const CITY_STATES: Record<string, string> = { singapore: "SG", "hong kong": "HK", monaco: "MC" };
const REGION_COUNTRIES: Record<string, string> = {
  "united-states": "US",
  "united-kingdom": "GB",
  canada: "CA",
  australia: "AU",
};
const US_STATE = /^[A-Z]{2}$/;

/**
 * City, state and country from a listing's free-text location ("Los Angeles, CA",
 * "Berlin, Germany", "Singapore") and its region; remote jobs have no city.
 */
export function placeOf(location: string, region: string) {
  const remote = region === "remote" || /^remote\b/i.test(location.trim());
  const parts = location
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  let city = "";
  let state = "";
  let country = REGION_COUNTRIES[region] ?? "";
  if (!remote && parts.length > 0) {
    const last = parts[parts.length - 1]!;
    if (parts.length === 1) {
      const cityState = CITY_STATES[last.toLowerCase()];
      const code = COUNTRIES[last.toLowerCase()];
      if (cityState) [city, country] = [last, cityState];
      else if (code) country = code;
      else city = last;
    } else {
      city = parts[0]!;
      if (US_STATE.test(last) && parts.length === 2) {
        state = last;
        country = "US";
      } else {
        if (parts.length > 2) state = parts[parts.length - 2]!;
        country = COUNTRIES[last.toLowerCase()] ?? last;
      }
    }
  }
  return { city, state, country, remote };
}

/** "$80,000 - $110,000 per year", or "" when the pay is not disclosed. */
export function salaryText(min: number | null, max: number | null, currency: string): string {
  const amount = (value: number) =>
    currency === "USD"
      ? `$${value.toLocaleString("en-US")}`
      : `${currency} ${value.toLocaleString("en-US")}`;
  if (min !== null && max !== null && min !== max)
    return `${amount(min)} - ${amount(max)} per year`;
  const only = min ?? max;
  return only === null ? "" : `${amount(only)} per year`;
}

/** Characters XML 1.0 does not allow, even in CDATA. */
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** A value as CDATA: a "]]>" inside is split across two sections. */
export const cdata = (value: string) =>
  `<![CDATA[${value.replace(INVALID_XML, "").replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

const element = (name: string, value: string) => `<${name}>${cdata(value)}</${name}>`;

/**
 * Writes the aggregator feed through `write`: the publisher, then every listed job in id order.
 */
export async function writeAggregatorFeed(
  db: Database,
  siteUrl: string,
  write: (chunk: string) => void,
  now: Date = new Date(),
): Promise<void> {
  const [newest] = await db
    .select({
      at: sql<Date | null>`max(greatest(${jobs.updatedAt}, ${jobs.publishedAt}))`.mapWith(
        jobs.updatedAt,
      ),
    })
    .from(jobs)
    .where(isListed(now));
  write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<source>\n${element("publisher", SITE_NAME)}\n${element(
      "publisherurl",
      siteUrl,
    )}\n${element("lastBuildDate", (newest?.at ?? new Date(0)).toUTCString())}\n`,
  );
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: jobs.id,
        slug: jobs.slug,
        title: jobs.title,
        companyName: companies.name,
        department: jobs.department,
        region: jobs.region,
        type: jobs.type,
        location: jobs.location,
        salaryMin: jobs.salaryMin,
        salaryMax: jobs.salaryMax,
        salaryCurrency: jobs.salaryCurrency,
        description: jobs.description,
        descriptionHtml: jobs.descriptionHtml,
        publishedAt: jobs.publishedAt,
        expiresAt: jobs.expiresAt,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(isListed(now), gt(jobs.id, after)))
      .orderBy(asc(jobs.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    write(
      rows
        .map((row) => {
          const place = placeOf(row.location, row.region);
          const fields: [string, string][] = [
            ["title", row.title],
            ["date", row.publishedAt.toUTCString()],
            ["referencenumber", String(row.id)],
            ["url", `${siteUrl}${jobPath(row)}`],
            ["company", row.companyName],
            ["sourcename", row.companyName],
            ["city", place.city],
            ["state", place.state],
            ["country", place.country],
            ["description", row.descriptionHtml ?? row.description],
            ["salary", salaryText(row.salaryMin, row.salaryMax, row.salaryCurrency)],
            ["jobtype", JOB_TYPES[row.type] ?? row.type],
            ["category", departmentLabel(row.department)],
            ["expirationdate", row.expiresAt.toUTCString()],
          ];
          if (place.remote) fields.push(["remotetype", "Fully remote"]);
          return `<job>\n${fields.map(([name, value]) => element(name, value)).join("\n")}\n</job>\n`;
        })
        .join(""),
    );
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  write("</source>\n");
}
