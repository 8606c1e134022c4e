// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import type { BoardContext } from "./board-context";
import {
  amount,
  countryCode,
  date,
  externalId,
  loose,
  names,
  salary,
  salaryPeriod,
  text,
  withAddresses,
} from "./job-fields";
import type { AtsJob, BoardFetch } from "./types";

/*
 * Ashby's public Job Posting API: the whole board in one answer, GET
 * api.ashbyhq.com/posting-api/job-board/{name}?includeCompensation=true. A name that is no board
 * may answer 200 with no jobs: the caller tells the employer "no jobs found".
 */

const HOST = "api.ashbyhq.com";

const componentSchema = z.object({
  compensationType: loose(z.string()),
  interval: loose(z.string()),
  currencyCode: loose(z.string()),
  minValue: loose(z.union([z.number(), z.string()])),
  maxValue: loose(z.union([z.number(), z.string()])),
});
const componentsSchema = loose(z.array(componentSchema));

const jobSchema = z.object({
  id: externalId,
  title: z.string(),
  location: loose(z.string()),
  secondaryLocations: loose(z.array(z.object({ location: loose(z.string()) }))),
  department: loose(z.string()),
  team: loose(z.string()),
  isRemote: loose(z.boolean()),
  workplaceType: loose(z.string()),
  isListed: loose(z.boolean()),
  employmentType: loose(z.string()),
  descriptionHtml: loose(z.string()),
  publishedAt: loose(z.string()),
  updatedAt: loose(z.string()),
  jobUrl: loose(z.string()),
  applyUrl: loose(z.string()),
  address: loose(
    z.object({ postalAddress: loose(z.object({ addressCountry: loose(z.string()) })) }),
  ),
  compensation: loose(
    z.object({
      summaryComponents: componentsSchema,
      compensationTiers: loose(z.array(z.object({ components: componentsSchema }))),
    }),
  ),
});

export async function fetchAshby(board: string, context: BoardContext): Promise<BoardFetch> {
  const path = `/posting-api/job-board/${encodeURIComponent(board)}?includeCompensation=true`;
  const jobs: AtsJob[] = [];
  const answer = await context.get(
    context.address(HOST, path),
    context.jobList("jobs", jobSchema, toJob, jobs),
    { conditional: true },
  );
  if (answer.status === "not_modified") return answer;
  return {
    status: "ok",
    jobs,
    companyName: null,
    etag: answer.etag,
    lastModified: answer.lastModified,
    bodyHash: context.bodyHash(),
  };
}

type AshbyJob = z.output<typeof jobSchema>;

function toJob(job: AshbyJob): AtsJob | null {
  const workplace = job.workplaceType?.toLowerCase();
  return withAddresses(
    {
      externalId: job.id,
      title: job.title.trim(),
      departments: names([job.department, job.team]),
      locations: names([
        job.location,
        ...(job.secondaryLocations ?? []).map((secondary) => secondary.location),
      ]),
      countryCode: countryCode(job.address?.postalAddress?.addressCountry),
      remote:
        workplace === "remote"
          ? true
          : workplace === "onsite" || workplace === "hybrid"
            ? false
            : (job.isRemote ?? null),
      employmentType: text(job.employmentType),
      descriptionHtml: job.descriptionHtml ?? "",
      salary: pay(job),
      postedAt: date(job.publishedAt),
      updatedAt: date(job.updatedAt),
      listed: job.isListed !== false,
    },
    job.applyUrl,
    job.jobUrl,
  );
}

/**
 * The base pay of the job's tiers (zones): the lowest and highest salary of those in the first
 * salary's currency and period. Equity, bonus and commission are not pay the board shows.
 */
function pay(job: AshbyJob): AtsJob["salary"] {
  const compensation = job.compensation;
  const components = compensation?.summaryComponents?.length
    ? compensation.summaryComponents
    : (compensation?.compensationTiers ?? []).flatMap((tier) => tier.components ?? []);
  const salaries = components.filter(
    (component) => component.compensationType?.toLowerCase() === "salary",
  );
  const first = salaries[0];
  if (!first) return null;
  const same = salaries.filter(
    (component) =>
      component.currencyCode === first.currencyCode && component.interval === first.interval,
  );
  const mins = same
    .map((component) => amount(component.minValue))
    .filter((value) => value !== null);
  const maxes = same
    .map((component) => amount(component.maxValue))
    .filter((value) => value !== null);
  return salary(
    mins.length > 0 ? Math.min(...mins) : null,
    maxes.length > 0 ? Math.max(...maxes) : null,
    first.currencyCode,
    salaryPeriod(first.interval),
  );
}
