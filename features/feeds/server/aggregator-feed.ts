import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { SalaryPeriod } from "@/features/jobs/pay";
import { departmentLabel } from "@/lib/format";
import { jobPath } from "@/features/jobs/path";
import { subdivisionLabel } from "@/features/jobs/locations";
import { boardSettings } from "@/lib/board-settings";
import { refreshBoardSettings } from "@/lib/server/board-settings";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs } from "@/lib/server/db/schema";
import { placeColumns, placeOfRow } from "@/features/jobs/server/job-location";
import {
  descriptionHtmlOfMany,
  isListed,
  type StoreDescriptionHtml,
} from "@/features/jobs/server/jobs";
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

/** "$80,000 - $110,000 per year", or "" when the pay is not disclosed. */
export function salaryText(
  min: number | null,
  max: number | null,
  currency: string,
  period: SalaryPeriod = "year",
): string {
  const amount = (value: number) =>
    currency === "USD"
      ? `$${value.toLocaleString("en-US")}`
      : `${currency} ${value.toLocaleString("en-US")}`;
  if (min !== null && max !== null && min !== max)
    return `${amount(min)} - ${amount(max)} per ${period}`;
  const only = min ?? max;
  return only === null ? "" : `${amount(only)} per ${period}`;
}

/** Characters XML 1.0 does not allow, even in CDATA. */
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** A value as CDATA: a "]]>" inside is split across two sections. */
export const cdata = (value: string) =>
  `<![CDATA[${value.replace(INVALID_XML, "").replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

const element = (name: string, value: string) => `<${name}>${cdata(value)}</${name}>`;

/**
 * Writes the aggregator feed through `write`: the publisher, then every listed job in id order.
 * Descriptions not rendered yet are kept through `storeHtml` (descriptionHtmlOfMany).
 */
export async function writeAggregatorFeed(
  db: Database,
  siteUrl: string,
  /** Takes each piece; a promise it answers holds the next piece back until it settles. */
  write: (chunk: string) => void | Promise<void>,
  storeHtml: StoreDescriptionHtml,
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
  // The board's name as its owner set it (lib/board-settings.ts).
  await refreshBoardSettings(db);
  await write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<source>\n${element("publisher", boardSettings().name)}\n${element(
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
        ...placeColumns,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(isListed(now), gt(jobs.id, after)))
      .orderBy(asc(jobs.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    // A description not rendered yet (rows older than the column) is rendered and kept once.
    const html = await descriptionHtmlOfMany(db, rows, storeHtml);
    await write(
      rows
        .map((row) => {
          const place = placeOfRow(row);
          const remote = place.remoteCountries !== null;
          const fields: [string, string][] = [
            ["title", row.title],
            ["date", row.publishedAt.toUTCString()],
            ["referencenumber", String(row.id)],
            ["url", `${siteUrl}${jobPath(row)}`],
            ["company", row.companyName],
            ["sourcename", row.companyName],
            ["city", place.addressLocality ?? ""],
            ["state", place.addressRegion ? subdivisionLabel(place.addressRegion) : ""],
            // A remote job open to one country names it; one open to several, none.
            [
              "country",
              place.addressCountry ??
                (place.remoteCountries?.length === 1 ? place.remoteCountries[0]! : ""),
            ],
            ["description", html.get(row.id)!],
            [
              "salary",
              salaryText(row.salaryMin, row.salaryMax, row.salaryCurrency, row.salaryPeriod),
            ],
            ["jobtype", JOB_TYPES[row.type] ?? row.type],
            ["category", departmentLabel(row.department)],
            ["expirationdate", row.expiresAt.toUTCString()],
          ];
          if (remote) fields.push(["remotetype", "Fully remote"]);
          return `<job>\n${fields.map(([name, value]) => element(name, value)).join("\n")}\n</job>\n`;
        })
        .join(""),
    );
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  await write("</source>\n");
}
