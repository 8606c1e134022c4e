// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { decode } from "html-entities";
import { z } from "zod";
import type { BoardContext } from "./board-context";
import { date, externalId, loose, names, text, withAddresses } from "./job-fields";
import { AtsError, type AtsJob, type BoardFetch } from "./types";

/*
 * Greenhouse's Job Board API: the whole board in one answer, GET
 * boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true, and the company's name from
 * /v1/boards/{token}. Pay is only on a single job's answer, so it is not read.
 */

const HOST = "boards-api.greenhouse.io";

const named = z.object({ name: loose(z.string()) });

const jobSchema = z.object({
  id: externalId,
  title: z.string(),
  absolute_url: loose(z.string()),
  updated_at: loose(z.string()),
  first_published: loose(z.string()),
  location: loose(named),
  content: loose(z.string()),
  departments: loose(z.array(named)),
  offices: loose(z.array(z.object({ name: loose(z.string()), location: loose(z.string()) }))),
});

const nameSchema = loose(z.string());

export async function fetchGreenhouse(board: string, context: BoardContext): Promise<BoardFetch> {
  const path = `/v1/boards/${encodeURIComponent(board)}`;
  const jobs: AtsJob[] = [];
  const [answer, companyName] = await Promise.all([
    context.get(
      context.address(HOST, `${path}/jobs?content=true`),
      context.jobList("jobs", jobSchema, toJob, jobs),
      { conditional: true },
    ),
    boardName(context, path),
  ]);
  if (answer.status === "not_modified") return answer;
  return {
    status: "ok",
    jobs,
    companyName,
    etag: answer.etag,
    lastModified: answer.lastModified,
    bodyHash: context.bodyHash(),
  };
}

/** The board's name, or null: a board without one (or not answering for it) still imports. */
async function boardName(context: BoardContext, path: string): Promise<string | null> {
  try {
    const answer = await context.get(
      context.address(HOST, path),
      { fields: ["name"] },
      { hashed: false },
    );
    if (answer.status === "not_modified") return null;
    return text(nameSchema.parse(answer.fields.name));
  } catch (error) {
    if (error instanceof AtsError) return null;
    throw error;
  }
}

function toJob(job: z.output<typeof jobSchema>): AtsJob | null {
  const offices = job.offices ?? [];
  return withAddresses(
    {
      externalId: job.id,
      title: job.title.trim(),
      departments: names((job.departments ?? []).map((department) => department.name)),
      locations: names([
        job.location?.name,
        ...offices.map((office) => office.location ?? office.name),
      ]),
      countryCode: null,
      remote: null,
      employmentType: null,
      // The API escapes the description's HTML once more as entities ("&lt;p&gt;"): undone once.
      descriptionHtml: decode(job.content ?? "", { level: "html5", scope: "body" }),
      salary: null,
      postedAt: date(job.first_published),
      updatedAt: date(job.updated_at),
      listed: true,
    },
    job.absolute_url,
    job.absolute_url,
  );
}
