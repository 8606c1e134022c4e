import type Validator from "@adobe/structured-data-validator";
import type { ValidationIssue } from "@adobe/structured-data-validator";
import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { jobPath } from "@/features/jobs/path";
import { jobPostingJsonLd } from "@/features/jobs/posting-json-ld";
import type { JobDetail } from "@/features/jobs/types";
import { planOf, type ListingPlanId, type Offer } from "@/features/billing/offer";
import { readOffer } from "@/features/billing/server/offer";
import type { postingIssueSchema } from "@/features/listings/schemas";
import { SITE_URL } from "@/lib/site";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs } from "@/lib/server/db/schema";
import { placeAnswer, placeColumns, placeOfRow } from "@/features/jobs/server/job-location";
import {
  applyAnswer,
  applyColumns,
  descriptionHtmlOfMany,
  summaryColumns,
  toSummary,
} from "@/features/jobs/server/jobs";
import { addDays } from "./listing-columns";
import { storeDescriptionHtml } from "./listing-state";

/*
 * Google's rules for job postings, run before a listing is published (issue 26): the moderators'
 * queue shows what they find, and approval is refused while they find an error, because Google's
 * job search would leave such a listing out. The rules are those e2e/job-postings.spec.ts runs
 * over the sample board's job pages: @adobe/structured-data-validator with Google's rules
 * only (`null`: no schema.org vocabulary, which is not on the npm registry).
 */

export type PostingIssue = z.output<typeof postingIssueSchema>;

// Loaded with the first listing checked, not with the server (issue 48).
let validator: Promise<Validator> | undefined;
const loadValidator = () =>
  (validator ??= import("@adobe/structured-data-validator").then(
    ({ default: StructuredDataValidator }) => new StructuredDataValidator(null),
  ));

/**
 * A listing's publication and end dates if it were approved at `now`: published from then, for
 * the days its plan gave when it was ordered (issue 63: its copy, `planDays`; a listing without
 * one, its plan's now). decide() publishes it with these, and the check assumes them.
 */
export function approvalDates(
  offer: Offer,
  listing: { plan: ListingPlanId; planDays: number | null },
  now: Date,
) {
  const days = listing.planDays ?? planOf(offer, listing.plan)?.days;
  if (days === undefined) throw new Error(`Unknown listing plan ${listing.plan}`);
  return { publishedAt: now, expiresAt: addDays(now, days) };
}

/**
 * The properties an issue is about, dotted from the posting: the validator names a nested
 * object's field alone (`name`) and says where the object is in `path`
 * (`[{ type: "JobPosting" }, { property: "hiringOrganization" }]`).
 */
function fieldNamesOf(issue: ValidationIssue): string[] {
  const within = (issue.path ?? [])
    .map((step) => (step as { property?: unknown }).property)
    .filter((property): property is string => typeof property === "string");
  return (issue.fieldNames ?? []).map((field) => [...within, field].join("."));
}

/**
 * What Google's rules find in one JobPosting, errors first. The validator is given the data as
 * a search engine reads it from the page (the JSON of its script element, parsed again), in the
 * shape @marbec/web-auto-extractor reads a page into: features/moderation/tests/api/review-posting-check.test.ts
 * checks that the page's HTML, so read, gets the same answer. A warning on a field that already
 * has an error is left out: the validator also warns that a required property is recommended.
 */
export async function jobPostingIssues(jsonLd: object): Promise<PostingIssue[]> {
  const posting = JSON.parse(JSON.stringify(jsonLd)) as object;
  const found = (await (await loadValidator()).validate({ jsonld: { JobPosting: [posting] } })).map(
    (issue): PostingIssue => ({
      severity: issue.severity === "ERROR" ? "error" : "warning",
      field_names: fieldNamesOf(issue),
      message: issue.issueMessage,
    }),
  );
  const errors = found.filter((issue) => issue.severity === "error");
  const refused = new Set(errors.flatMap((issue) => issue.field_names));
  const warnings = found.filter(
    (issue) =>
      issue.severity === "warning" && !issue.field_names.some((field) => refused.has(field)),
  );
  return [...errors, ...warnings];
}

/**
 * The JobPosting issues of listings (pending ones: not published yet), by id, with the data
 * their pages would carry if they were approved at `now`: built from the row as the job page
 * builds it (getJobRecord's job, features/jobs/posting-json-ld.ts), open, with approval's dates.
 * Descriptions whose HTML is not stored yet are rendered and stored, as a page view does.
 */
export async function pendingPostingIssues(
  db: Database,
  jobIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, PostingIssue[]>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .select({
      ...summaryColumns,
      plan: jobs.plan,
      planDays: jobs.planDays,
      description: jobs.description,
      descriptionHtml: jobs.descriptionHtml,
      ...applyColumns,
      companyWebsite: companies.website,
      companyAbout: companies.about,
      ...placeColumns,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(inArray(jobs.id, [...jobIds]));
  const html = await descriptionHtmlOfMany(db, rows, storeDescriptionHtml);

  const issues = new Map<number, PostingIssue[]>();
  const offer = await readOffer(db);
  for (const row of rows) {
    const dates = approvalDates(offer, row, now);
    const summary = toSummary({ ...row, publishedAt: dates.publishedAt });
    const job: Omit<JobDetail, "description"> = {
      ...summary,
      company: { ...summary.company, website: row.companyWebsite, about: row.companyAbout },
      ...applyAnswer(row),
      status: "open",
      expires_at: dates.expiresAt.toISOString(),
      accepting_applications: true,
      place: placeAnswer(placeOfRow(row)),
    };
    const url = `${SITE_URL}${jobPath(job)}`;
    issues.set(row.id, await jobPostingIssues(jobPostingJsonLd(job, html.get(row.id)!, url)));
  }
  return issues;
}

/**
 * Why a listing with errors cannot be approved, in the moderator's words: 409's message. The
 * employer has to change it, so the moderator is told to reject it with a reason.
 */
export function refusalMessage(errors: readonly PostingIssue[]): string {
  const found = errors
    .map((issue) =>
      issue.field_names.length > 0
        ? `${issue.field_names.join(", ")}: ${issue.message}`
        : issue.message,
    )
    .join("; ");
  return (
    `Google's job search would refuse this listing: ${found}. ` +
    "Reject it with a reason asking the employer to fix it."
  );
}
