import { and, asc, eq, gt, sql } from "drizzle-orm";
import { departmentLabel } from "@/lib/format";
import { jobPath } from "@/lib/job-path";
import { SITE_NAME } from "@/lib/site";
import type { Database } from "../db/client";
import { companies, jobs } from "../db/schema";
import { descriptionHtmlOf, isListed } from "../jobs/jobs-service";
import { feedJobColumns } from "./feed-columns";

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

/** Names listings use for a country that are not its English name, to ISO 3166-1 alpha-2. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: "US",
  us: "US",
  "united states of america": "US",
  uk: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  uae: "AE",
  "the netherlands": "NL",
};

let countryNames: Map<string, string> | undefined;

/** Every country's English name (as ICU knows it), lowercase, to its ISO 3166-1 alpha-2 code. */
function countryCodes(): Map<string, string> {
  if (countryNames) return countryNames;
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  countryNames = new Map(Object.entries(COUNTRY_ALIASES));
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      // Deprecated codes (DD, UK...) stand for current ones: only a code that is its own counts.
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      const name = names.of(code);
      if (name && name !== code && !countryNames.has(name.toLowerCase())) {
        countryNames.set(name.toLowerCase(), code);
      }
    }
  }
  return countryNames;
}

/** A country's ISO code from its name as a listing writes it ("Germany", "UK"), or undefined. */
export const countryCode = (name: string) => countryCodes().get(name.trim().toLowerCase());

/** The states and territories listings abbreviate, by country. */
const SUBDIVISIONS: Record<string, readonly string[]> = {
  US: "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  ),
  CA: "AB BC MB NB NL NS NT NU ON PE QC SK YT".split(" "),
  AU: "ACT NSW NT QLD SA TAS VIC WA".split(" "),
};
/** The regions that are one country. */
const REGION_COUNTRIES: Record<string, string> = {
  "united-states": "US",
  "united-kingdom": "GB",
  canada: "CA",
  australia: "AU",
};
/** Cities that are their own country. */
const CITY_STATES: Record<string, string> = { singapore: "SG", "hong kong": "HK", monaco: "MC" };

/** The country whose state `code` is: the region's country when it has one, else the first. */
function subdivisionCountry(code: string, region: string): string | undefined {
  const regional = REGION_COUNTRIES[region];
  if (regional && SUBDIVISIONS[regional]?.includes(code)) return regional;
  return Object.keys(SUBDIVISIONS).find((country) => SUBDIVISIONS[country]!.includes(code));
}

/**
 * City, state and country (ISO 3166-1 alpha-2 when known) from a listing's free-text location
 * ("Los Angeles, CA", "Perth, WA", "Berlin, Germany", "Singapore") and its region; remote jobs
 * have no city.
 */
export function placeOf(location: string, region: string) {
  const remote = region === "remote" || /^remote\b/i.test(location.trim());
  const parts = location
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const place = { city: "", state: "", country: REGION_COUNTRIES[region] ?? "", remote };
  if (remote || parts.length === 0) return place;
  const last = parts[parts.length - 1]!;
  if (parts.length === 1) {
    const cityState = CITY_STATES[last.toLowerCase()];
    const country = countryCode(last);
    if (cityState) return { ...place, city: last, country: cityState };
    if (country) return { ...place, country };
    return { ...place, city: last };
  }
  const city = parts[0]!;
  const inner = parts.length > 2 ? parts[parts.length - 2]! : "";
  const country = countryCode(last);
  if (country) return { ...place, city, state: inner, country };
  const stateCountry = subdivisionCountry(last.toUpperCase(), region);
  if (stateCountry) return { ...place, city, state: last, country: stateCountry };
  return { ...place, city, state: inner, country: last };
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
        ...feedJobColumns,
        expiresAt: jobs.expiresAt,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(isListed(now), gt(jobs.id, after)))
      .orderBy(asc(jobs.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    // A description not rendered yet (rows older than the column) is rendered and kept once.
    const html = new Map<number, string>();
    for (const row of rows) html.set(row.id, await descriptionHtmlOf(db, row));
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
            ["description", html.get(row.id)!],
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
