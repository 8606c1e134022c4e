import { encode } from "html-entities";
import type { AtsKind } from "@/features/imports/ats";
import type { AtsServer } from "./ats-server";

/*
 * One list of jobs written as each ATS's API documents its answer, so that the same jobs can be
 * served as Greenhouse, Lever (paged), Ashby, Workable or Recruitee by tests/support/ats-server.ts.
 * The ATS's own board addresses in them (boards.greenhouse.io/...) are never fetched.
 */

export type FixtureJob = {
  id: string;
  title: string;
  department: string;
  location: string;
  /** ISO 3166-1 alpha-2 code of its location, where the ATS gives one. */
  country?: string;
  remote?: boolean;
  /** The employment type in the board's words ("Full-time"), written as each ATS writes it. */
  type?: string;
  /** HTML. */
  description: string;
  pay?: { min: number; max: number; currency: string; period: "year" | "month" | "hour" };
  /** False: a job the ATS has but does not list (only Ashby and Recruitee show such jobs). */
  listed?: boolean;
  /** ISO date-time it was published; a fixed one by default. */
  published?: string;
};

const PUBLISHED = "2026-10-01T09:00:00.000Z";

const listedOnly = (jobs: FixtureJob[]) => jobs.filter((job) => job.listed !== false);

/** One job of GET /v1/boards/{token}/jobs?content=true: its description escaped once more. */
export const greenhouseJob = (board: string, job: FixtureJob) => ({
  id: Number(job.id) || job.id,
  internal_job_id: 1000,
  title: job.title,
  updated_at: job.published ?? PUBLISHED,
  first_published: job.published ?? PUBLISHED,
  requisition_id: null,
  location: { name: job.location },
  absolute_url: `https://job-boards.greenhouse.io/${board}/jobs/${job.id}`,
  language: "en",
  metadata: null,
  content: encode(job.description),
  departments: [{ id: 1, name: job.department, child_ids: [], parent_id: null }],
  offices: [{ id: 2, name: job.location, location: job.location, child_ids: [], parent_id: null }],
});

/** GET /v1/boards/{token}/jobs?content=true: descriptions escaped once more as entities. */
export function greenhouseJobs(board: string, jobs: FixtureJob[]) {
  const listed = listedOnly(jobs);
  return {
    jobs: listed.map((job) => greenhouseJob(board, job)),
    meta: { total: listed.length },
  };
}

/**
 * The same answer for `count` jobs, the nth being `jobOf(n)` (from 1; greenhouseJob's shape, or
 * fewer of its fields), written a job at a time as it is sent: a board of any size without
 * holding it whole (serve it as `{ pieces }`).
 */
export function* greenhouseJobStream(
  count: number,
  jobOf: (n: number) => unknown,
): Iterable<string> {
  yield '{"jobs":[';
  let piece = "";
  for (let n = 1; n <= count; n++) {
    piece += (n > 1 ? "," : "") + JSON.stringify(jobOf(n));
    // Pieces of about 64 kB: few writes, none large.
    if (piece.length >= 64 * 1024) {
      yield piece;
      piece = "";
    }
  }
  yield `${piece}],"meta":{"total":${count}}}`;
}

/** GET /v1/boards/{token}. */
export const greenhouseBoard = (name: string) => ({ name, content: "<p>About us</p>" });

const LEVER_INTERVALS = {
  year: "per-year-salary",
  month: "per-month-salary",
  hour: "per-hour-wage",
};

/** GET /v0/postings/{site}?mode=json: every posting (a page of them is a slice). */
export function leverPostings(site: string, jobs: FixtureJob[], host = "jobs.lever.co") {
  return listedOnly(jobs).map((job) => ({
    id: job.id,
    text: job.title,
    categories: {
      location: job.location,
      commitment: job.type ?? "Full-time",
      team: job.department,
      allLocations: [job.location],
    },
    country: job.country ?? null,
    workplaceType: job.remote ? "remote" : "on-site",
    opening: "",
    description: job.description,
    descriptionPlain: job.description.replace(/<[^>]*>/g, ""),
    lists: [{ text: "What you bring", content: "<li>Curiosity</li><li>Care</li>" }],
    additional: "<p>We value every applicant.</p>",
    hostedUrl: `https://${host}/${site}/${job.id}`,
    applyUrl: `https://${host}/${site}/${job.id}/apply`,
    createdAt: Date.parse(job.published ?? PUBLISHED),
    ...(job.pay
      ? {
          salaryRange: {
            currency: job.pay.currency,
            interval: LEVER_INTERVALS[job.pay.period],
            min: job.pay.min,
            max: job.pay.max,
          },
        }
      : {}),
  }));
}

const ASHBY_INTERVALS = { year: "1 YEAR", month: "1 MONTH", hour: "1 HOUR" };
const ASHBY_TYPES: Record<string, string> = {
  "full-time": "FullTime",
  "part-time": "PartTime",
  contract: "Contract",
  internship: "Intern",
  temporary: "Temporary",
};

/** GET /posting-api/job-board/{name}?includeCompensation=true. */
export function ashbyBoard(board: string, jobs: FixtureJob[]) {
  return {
    apiVersion: "1",
    jobs: jobs.map((job) => ({
      id: job.id,
      title: job.title,
      department: job.department,
      team: job.department,
      employmentType: ASHBY_TYPES[(job.type ?? "full-time").toLowerCase()] ?? "FullTime",
      location: job.location,
      secondaryLocations: [],
      publishedAt: job.published ?? PUBLISHED,
      isListed: job.listed !== false,
      isRemote: job.remote ?? false,
      workplaceType: job.remote ? "Remote" : "OnSite",
      address: job.country ? { postalAddress: { addressCountry: job.country } } : null,
      jobUrl: `https://jobs.ashbyhq.com/${board}/${job.id}`,
      applyUrl: `https://jobs.ashbyhq.com/${board}/${job.id}/application`,
      descriptionHtml: job.description,
      descriptionPlain: job.description.replace(/<[^>]*>/g, ""),
      shouldDisplayCompensationOnJobPostings: Boolean(job.pay),
      ...(job.pay
        ? {
            compensation: {
              compensationTierSummary: "",
              scrapeableCompensationSalarySummary: "",
              compensationTiers: [
                {
                  id: "tier-1",
                  title: "Zone A",
                  tierSummary: "",
                  additionalInformation: null,
                  components: [
                    {
                      id: "component-1",
                      summary: "",
                      compensationType: "Salary",
                      interval: ASHBY_INTERVALS[job.pay.period],
                      currencyCode: job.pay.currency,
                      minValue: job.pay.min,
                      maxValue: job.pay.max,
                    },
                    {
                      id: "component-2",
                      summary: "0.1%",
                      compensationType: "EquityPercentage",
                      interval: "NONE",
                      currencyCode: null,
                      minValue: 0.1,
                      maxValue: 0.2,
                    },
                  ],
                },
              ],
            },
          }
        : {}),
    })),
  };
}

/** GET /api/accounts/{slug}?details=true. */
export function workableAccount(slug: string, name: string, jobs: FixtureJob[]) {
  return {
    name,
    description: null,
    jobs: listedOnly(jobs).map((job) => ({
      title: job.title,
      shortcode: job.id,
      code: "",
      employment_type: job.type ?? "Full-time",
      telecommuting: job.remote ?? false,
      department: job.department,
      url: `https://apply.workable.com/j/${job.id}`,
      shortlink: `https://apply.workable.com/j/${job.id}`,
      application_url: `https://apply.workable.com/j/${job.id}/apply`,
      published_on: (job.published ?? PUBLISHED).slice(0, 10),
      created_at: (job.published ?? PUBLISHED).slice(0, 10),
      country: job.location,
      city: "",
      state: "",
      education: "",
      experience: "Mid-Senior level",
      function: "",
      industry: "",
      locations: [
        {
          country: job.location,
          countryCode: job.country ?? "",
          city: "",
          region: "",
          hidden: false,
        },
      ],
      description: job.description,
    })),
  };
}

const RECRUITEE_PERIODS = { year: "year", month: "month", hour: "hour" };

/** GET {company}.recruitee.com/api/offers/. */
export function recruiteeOffers(company: string, companyName: string, jobs: FixtureJob[]) {
  return {
    offers: jobs.map((job) => ({
      id: Number(job.id) || job.id,
      slug: job.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      title: job.title,
      status: job.listed === false ? "closed" : "published",
      company_name: companyName,
      location: job.location,
      city: job.location.split(",")[0],
      country: job.location,
      country_code: job.country ?? "",
      remote: job.remote ?? false,
      hybrid: false,
      on_site: !job.remote,
      employment_type_code: (job.type ?? "Full-time").toLowerCase().replace(/[^a-z]/g, "_"),
      department: job.department,
      careers_url: `https://${company}.recruitee.com/o/${job.id}`,
      careers_apply_url: `https://${company}.recruitee.com/o/${job.id}/c/new`,
      description: job.description,
      requirements: "<p>Requirements: care.</p>",
      published_at: (job.published ?? PUBLISHED).replace("T", " ").replace(/\.\d+Z$/, " UTC"),
      updated_at: (job.published ?? PUBLISHED).replace("T", " ").replace(/\.\d+Z$/, " UTC"),
      ...(job.pay
        ? {
            salary: {
              min: String(job.pay.min),
              max: String(job.pay.max),
              period: RECRUITEE_PERIODS[job.pay.period],
              currency: job.pay.currency,
            },
          }
        : {}),
    })),
  };
}

/** The path of `board`'s (job list) answer on the test server, query included. */
export function boardPath(kind: AtsKind, board: string): string {
  const name = encodeURIComponent(board);
  switch (kind) {
    case "greenhouse":
      return `/greenhouse/v1/boards/${name}/jobs?content=true`;
    case "lever":
    case "lever_eu":
      return `/${kind}/v0/postings/${name}`;
    case "ashby":
      return `/ashby/posting-api/job-board/${name}?includeCompensation=true`;
    case "workable":
      return `/workable/api/accounts/${name}?details=true`;
    case "recruitee":
      return `/recruitee/${name}/api/offers/`;
  }
}

/**
 * Serves `jobs` as `kind`'s board `board` (Lever's a page of `limit` at a time, as asked), with
 * the company's name where the ATS gives one, gzip-compressed if asked.
 */
export function serveBoard(
  server: AtsServer,
  kind: AtsKind,
  board: string,
  jobs: FixtureJob[],
  { companyName = "Acme Studio", gzip = false }: { companyName?: string; gzip?: boolean } = {},
): void {
  const name = encodeURIComponent(board);
  switch (kind) {
    case "greenhouse":
      server.set(boardPath(kind, board), { json: greenhouseJobs(board, jobs), gzip });
      server.set(`/greenhouse/v1/boards/${name}`, { json: greenhouseBoard(companyName) });
      return;
    case "lever":
    case "lever_eu": {
      const postings = leverPostings(
        board,
        jobs,
        kind === "lever" ? "jobs.lever.co" : "jobs.eu.lever.co",
      );
      server.set(boardPath(kind, board), (url) => {
        const skip = Number(url.searchParams.get("skip") ?? 0);
        const limit = Number(url.searchParams.get("limit") ?? postings.length);
        return { json: postings.slice(skip, skip + limit), gzip };
      });
      return;
    }
    case "ashby":
      server.set(boardPath(kind, board), { json: ashbyBoard(board, jobs), gzip });
      return;
    case "workable":
      server.set(boardPath(kind, board), { json: workableAccount(board, companyName, jobs), gzip });
      return;
    case "recruitee":
      server.set(boardPath(kind, board), { json: recruiteeOffers(board, companyName, jobs), gzip });
      return;
  }
}
