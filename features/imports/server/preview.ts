import type { AtsKind } from "@/features/imports/ats";
import type { SourcePreview } from "@/features/imports/schemas";
import type { ListingChanges } from "@/features/listings/edit-schemas";
import type { AtsJob } from "./ats/types";
import { countryName } from "@/features/jobs/locations";
import { countriesOfJob, mapAtsJob, type MappedJob, type SourceRules } from "./map-job";

/*
 * A board as it would be imported, nothing stored (issue 46): its counts, the first few jobs as
 * their listings would be, and what would be skipped and why. Made in the board's worker thread
 * (board-task.ts). It shows no description, so none is cleaned that a cheap look can count
 * (map-job.ts, "count"), and its numbers are still those of an import of the same board.
 */

/** How many jobs a preview shows as their listings would be, and how many skipped. */
const PREVIEW_SAMPLE = 5;
const PREVIEW_SKIPPED = 50;

type Mapped = { job: AtsJob; result: MappedJob };

const tally = (names: string[]) =>
  [
    ...names.reduce(
      (counts, name) => counts.set(name, (counts.get(name) ?? 0) + 1),
      new Map<string, number>(),
    ),
  ]
    .map(([name, count]) => ({ name, jobs: count }))
    .sort((a, b) => b.jobs - a.jobs || a.name.localeCompare(b.name));

/**
 * The board's own words (`wordOf` a job) tallied, each with the board's word (`slugOf` its
 * listing) most of its jobs were read as: what an override row would change.
 */
function mappedTally<S extends string>(
  mapped: Mapped[],
  wordOf: (job: AtsJob) => string | undefined,
  slugOf: (listing: ListingChanges) => S,
) {
  const byWord = new Map<string, Map<S | null, number>>();
  for (const { job, result } of mapped) {
    const word = wordOf(job)?.trim();
    if (!word) continue;
    const slug = result.outcome === "listing" ? slugOf(result.job) : null;
    const counts = byWord.get(word) ?? new Map<S | null, number>();
    counts.set(slug, (counts.get(slug) ?? 0) + 1);
    byWord.set(word, counts);
  }
  return tally(mapped.flatMap(({ job }) => wordOf(job)?.trim() || [])).map((entry) => {
    const counts = [...(byWord.get(entry.name) ?? new Map<S | null, number>())].filter(
      ([slug]) => slug !== null,
    );
    counts.sort((a, b) => b[1] - a[1]);
    return { ...entry, mapped: counts[0]?.[0] ?? null };
  });
}

/** The sites the ATSs serve job pages from; any other is the company's own (issue 60). */
const ATS_SITES = ["greenhouse.io", "lever.co", "ashbyhq.com", "workable.com", "recruitee.com"];

/**
 * The site most of the board's job pages are on when it is not the ATS's own: a company that
 * shows its jobs on its careers site is likely the board's owner, which moderators weigh when two
 * companies claim one board. Null when every page is on the ATS.
 */
export function companySiteOf(jobs: AtsJob[]): string | null {
  const counts = new Map<string, number>();
  for (const job of jobs) {
    if (!URL.canParse(job.jobUrl)) continue;
    const host = new URL(job.jobUrl).hostname.toLowerCase().replace(/^www\./, "");
    if (ATS_SITES.some((site) => host === site || host.endsWith(`.${site}`))) continue;
    counts.set(host, (counts.get(host) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return top?.[0] ?? null;
}

/** The preview of `jobs`, read from board `board` of `ats`, by `rules`. */
export async function previewOf(
  { ats, board, companyName }: { ats: AtsKind; board: string; companyName: string | null },
  jobs: AtsJob[],
  rules: SourceRules,
): Promise<SourcePreview> {
  const mapped: Mapped[] = [];
  const seen = new Set<string>();
  for (const job of jobs) {
    // A job the ATS lists twice is imported once.
    if (seen.has(job.externalId)) continue;
    seen.add(job.externalId);
    mapped.push({ job, result: await mapAtsJob(job, rules, "count") });
  }
  const importable = mapped.flatMap(({ job, result }) =>
    result.outcome === "listing" ? [{ job, listing: result.job }] : [],
  );
  return {
    ats,
    board,
    company_name: companyName,
    company_site: companySiteOf(jobs),
    total: mapped.length,
    importable: importable.length,
    sample: importable.slice(0, PREVIEW_SAMPLE).map(
      ({ job, listing }) =>
        ({
          external_id: job.externalId,
          title: listing.title,
          department: listing.department,
          region: listing.region,
          type: listing.type,
          location: listing.location,
          salary_min: listing.salary_min,
          salary_max: listing.salary_max,
          salary_currency: listing.salary_currency,
          salary_period: listing.salary_period,
        }) as SourcePreview["sample"][number],
    ),
    skipped: mapped
      .flatMap(({ job, result }) =>
        result.outcome === "skipped"
          ? [
              {
                external_id: job.externalId,
                title: job.title,
                reason: result.reason,
                message: result.message,
              },
            ]
          : [],
      )
      .slice(0, PREVIEW_SKIPPED),
    departments: mappedTally(
      mapped,
      (job) => job.departments.at(-1),
      (listing) => listing.department,
    ),
    types: mappedTally(
      mapped,
      (job) => job.employmentType ?? undefined,
      (listing) => listing.type,
    ),
    locations: tally(mapped.flatMap(({ job }) => job.locations.slice(0, 1))),
    // Read without the country rule, so that every country stays there to choose.
    countries: tally(
      mapped.flatMap(({ job }) => countriesOfJob(job, { ...rules, onlyCountries: [] })),
    ).map(({ name: code, jobs: count }) => ({ code, name: countryName(code), jobs: count })),
  };
}
