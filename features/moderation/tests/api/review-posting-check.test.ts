// @vitest-environment node
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import queueHandler from "@/pages/api/moderation/review/index";
import listingsHandler from "@/pages/api/listings/index";
import { jobPostingIssues as pageIssues } from "@/e2e/support/job-postings";
import { jobPostingJsonLd } from "@/features/jobs/posting-json-ld";
import { scriptJson } from "@/lib/script-json";
import { auditLog } from "@/lib/server/db/schema";
import { jobPostingIssues } from "@/features/listings/server/job-posting-check";
import type { ReviewItem, ReviewQueue } from "@/features/listings/types";
import { callApi } from "@/tests/api/call";
import { employerSuite } from "@/tests/api/employer-suite";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { bearer } from "@/tests/support/auth";

/*
 * Issue 26: the moderators' queue shows what Google's rules for job postings
 * (@adobe/structured-data-validator, the real one) find in the page a pending listing would have,
 * and a listing with an error cannot be approved (409) until its employer fixes it.
 */

const suite = employerSuite("poster", "Pat");
const { tokens, jobRow } = suite;

/** Submits a free listing (`remote`: from the UK and Ireland); answers its id. */
async function submit(remote = false) {
  const body = { ...validSubmission(), plan: "standard" };
  if (remote) body.job = { ...body.job, region: "remote", location: "Remote (UK and Ireland)" };
  const { status, body: receipt } = await callApi(listingsHandler, {
    method: "POST",
    body: remote ? { ...body, place: { remote_countries: ["GB", "IE"] } } : body,
    headers: bearer(tokens.employer),
  });
  expect(status).toBe(201);
  return receipt!.id as number;
}

async function queueItem(id: number): Promise<ReviewItem> {
  const { status, body } = await callApi(queueHandler, { headers: bearer(tokens.moderator) });
  expect(status).toBe(200);
  const item = (body as unknown as ReviewQueue).pending.find((entry) => entry.id === id);
  expect(item).toBeDefined();
  return item!;
}

const decideOn = (id: number, body: unknown) =>
  callApi(moderationHandler, {
    method: "POST",
    params: { listingId: String(id) },
    headers: bearer(tokens.moderator),
    body,
  });

const auditOf = (id: number) =>
  suite.handle.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "listing"), eq(auditLog.subjectId, id)));

const errorsOf = (item: ReviewItem) =>
  item.posting_issues.filter((issue) => issue.severity === "error");

describe("Google's rules for job postings in the review queue", () => {
  it("finds no error in a valid listing, which is approved; warnings are listed apart", async () => {
    const id = await submit();
    const item = await queueItem(id);
    expect(errorsOf(item)).toEqual([]);
    // An on-site listing: Google recommends properties a remote job has (a warning, not more).
    expect(item.posting_issues).toContainEqual({
      severity: "warning",
      field_names: ["jobLocationType"],
      message: expect.any(String),
    });

    const response = await decideOn(id, { decision: "approve" });
    expect(response).toMatchObject({ status: 200, body: { id, status: "open" } });
  });

  it("shows a remote listing naming no country as refused, and refuses its approval (409)", async () => {
    const id = await submit(true);
    expect(errorsOf(await queueItem(id))).toEqual([]);
    // A remote job with no country applicants may live in: the submission form no longer
    // allows it, but listings from before, or rows changed by hand, can be so.
    await suite.handle.db.execute(sql`update jobs set remote_countries = '{}' where id = ${id}`);

    const item = await queueItem(id);
    expect(errorsOf(item)).toEqual([
      {
        severity: "error",
        field_names: ["applicantLocationRequirements"],
        message: 'Required attribute "applicantLocationRequirements" is missing',
      },
    ]);
    // The warning that the same property is recommended says nothing more, and is left out.
    expect(
      item.posting_issues
        .filter((issue) => issue.severity === "warning")
        .flatMap((issue) => issue.field_names),
    ).not.toContain("applicantLocationRequirements");

    const before = await jobRow(id);
    const auditedBefore = await auditOf(id);
    const response = await decideOn(id, { decision: "approve" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      code: "conflict",
      error: expect.stringMatching(
        /^Google's job search would refuse this listing: applicantLocationRequirements: Required attribute "applicantLocationRequirements" is missing\. Reject it with a reason/,
      ),
    });
    // Nothing changed: still pending and unreviewed, and no decision is audited.
    expect(await jobRow(id)).toEqual(before);
    expect(before).toMatchObject({ status: "pending", reviewedAt: null });
    expect(await auditOf(id)).toEqual(auditedBefore);

    // The moderator can still reject it, asking the employer to fix it.
    const reason = "Please choose the countries applicants may live in, then send it again.";
    const rejected = await decideOn(id, { decision: "reject", reason });
    expect(rejected).toMatchObject({ status: 200, body: { id, status: "rejected" } });
    expect(await jobRow(id)).toMatchObject({ status: "rejected", rejectionReason: reason });
  });

  it("checks a listing's data as a search engine reads it from the page's HTML", async () => {
    const job = {
      id: 7,
      slug: "video-editor",
      title: "Video Editor",
      company: {
        name: "Studio <North>",
        slug: "studio-north",
        logo_url: null,
        website: "https://studionorth.example",
        about: null,
      },
      department: "video-editing",
      region: "remote",
      type: "contractor",
      location: "Remote",
      salary_min: null,
      salary_max: 60_000,
      salary_currency: "USD",
      salary_period: "year" as const,
      sponsored: false,
      published_at: "2026-03-01T09:00:00.000Z",
      apply_url: "https://studionorth.example/jobs",
      apply_email: null,
      apply_method: "link" as const,
      screening_questions: [],
      applications_close_at: null,
      status: "open" as const,
      expires_at: "2026-03-31T09:00:00.000Z",
      accepting_applications: true,
      place: {
        remote_countries: ["US"],
        address_locality: null,
        address_region: null,
        address_region_label: null,
        address_country: null,
      },
    };
    const page = (data: unknown) =>
      `<!doctype html><html><head><script type="application/ld+json">${scriptJson(data)}</script></head><body></body></html>`;
    // Shown as the queue shows them: the page's HTML through @marbec/web-auto-extractor.
    const fromPage = async (data: unknown) =>
      (await pageIssues(page(data))).map((issue) => `${issue.severity} ${issue.issueMessage}`);
    const direct = async (data: object) =>
      (await jobPostingIssues(data)).map(
        (issue) => `${issue.severity.toUpperCase()} ${issue.message}`,
      );

    for (const remoteCountries of [["US"], []]) {
      const data = jobPostingJsonLd(
        { ...job, place: { ...job.place, remote_countries: remoteCountries } },
        "<p>Cut our <em>shorts</em>.</p>",
        "https://jobs.example/jobs/7-video-editor",
      );
      const seen = await fromPage(data);
      const checked = await direct(data);
      // The same findings, but for the recommendation of a property already required.
      expect(seen.filter((issue) => !checked.includes(issue))).toEqual(
        remoteCountries.length === 0
          ? ['WARNING Missing field "applicantLocationRequirements" (optional)']
          : [],
      );
      expect(checked.filter((issue) => !seen.includes(issue))).toEqual([]);
    }
  });
});
