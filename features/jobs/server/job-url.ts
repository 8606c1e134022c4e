import { absoluteUrl } from "@/lib/server/mail/links";
import { jobPath } from "@/features/jobs/path";

/** A job's page, as an absolute URL (lib/server/mail/links.ts): for mail, and search engines. */
export const jobUrl = (job: { id: number; slug: string }) => absoluteUrl(jobPath(job));
