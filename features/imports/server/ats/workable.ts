// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import type { BoardContext } from "./board-context";
import { countryCode, date, externalId, loose, names, text, withAddresses } from "./job-fields";
import type { AtsJob, BoardFetch } from "./types";

/*
 * Workable's public account feed (what its hosted career pages and widgets read): the whole
 * board in one answer, GET www.workable.com/api/accounts/{slug}?details=true, descriptions
 * included. It carries no pay.
 */

const HOST = "www.workable.com";

const placeSchema = z.object({
  country: loose(z.string()),
  countryCode: loose(z.string()),
  region: loose(z.string()),
  city: loose(z.string()),
});

const jobSchema = z
  .object({
    id: loose(externalId),
    shortcode: loose(z.string().trim().min(1)),
    title: z.string(),
    employment_type: loose(z.string()),
    telecommuting: loose(z.boolean()),
    department: loose(z.string()),
    url: loose(z.string()),
    shortlink: loose(z.string()),
    application_url: loose(z.string()),
    published_on: loose(z.string()),
    created_at: loose(z.string()),
    country: loose(z.string()),
    country_code: loose(z.string()),
    state: loose(z.string()),
    city: loose(z.string()),
    locations: loose(z.array(placeSchema)),
    description: loose(z.string()),
    full_description: loose(z.string()),
  })
  // A job is known by its shortcode (or id) from one run to the next: one without is no job.
  .refine((job) => job.shortcode || job.id);

const nameSchema = loose(z.string());

export async function fetchWorkable(board: string, context: BoardContext): Promise<BoardFetch> {
  const path = `/api/accounts/${encodeURIComponent(board)}?details=true`;
  const jobs: AtsJob[] = [];
  const answer = await context.get(
    context.address(HOST, path),
    { ...context.jobList("jobs", jobSchema, toJob, jobs), fields: ["name"] },
    { conditional: true },
  );
  if (answer.status === "not_modified") return answer;
  return {
    status: "ok",
    jobs,
    companyName: text(nameSchema.parse(answer.fields.name)),
    etag: answer.etag,
    lastModified: answer.lastModified,
    bodyHash: context.bodyHash(),
  };
}

const placeName = (city?: string | null, region?: string | null, country?: string | null) =>
  names([city, region, country]).join(", ");

function toJob(job: z.output<typeof jobSchema>): AtsJob | null {
  const places = job.locations ?? [];
  return withAddresses(
    {
      externalId: (job.shortcode ?? job.id)!,
      title: job.title.trim(),
      departments: names([job.department]),
      locations: names(
        places.length > 0
          ? places.map((place) => placeName(place.city, place.region, place.country))
          : [placeName(job.city, job.state, job.country)],
      ),
      countryCode:
        countryCode(places[0]?.countryCode) ??
        countryCode(job.country_code) ??
        countryCode(places[0]?.country ?? job.country),
      remote: job.telecommuting ?? null,
      employmentType: text(job.employment_type),
      // With details=true the feed gives the description, and in some accounts the description
      // with its requirements and benefits as full_description.
      descriptionHtml: job.full_description || job.description || "",
      salary: null,
      postedAt: date(job.published_on ?? job.created_at),
      updatedAt: null,
      listed: true,
    },
    job.application_url,
    job.url ?? job.shortlink,
  );
}
