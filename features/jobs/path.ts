import { MAX_ID } from "@/lib/ids";
import { routes } from "@/lib/routes";

/** A job's readable, stable URL: /jobs/{id}-{slug}; the id alone decides which job it is. */
export const jobPath = (job: { id: number; slug: string }) => routes.job(`${job.id}-${job.slug}`);

/** The id and slug in a /jobs/[jobId] segment, or null when it does not start with an id. */
export function parseJobParam(param: unknown): { id: number; slug: string } | null {
  if (typeof param !== "string") return null;
  // Anything after the id is only the readable part; a wrong one redirects to the right one.
  const match = /^([1-9]\d{0,9})(?:-(.*))?$/.exec(param);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= MAX_ID ? { id, slug: match[2] ?? "" } : null;
}
