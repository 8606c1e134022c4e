import { TextLink } from "@/lib/server/mail/layout";
import { jobUrl } from "../job-url";

type Job = { jobId: number; slug: string; title: string; companyName: string };

/** A job as mail names it: its title, linked to its page, and its company. */
export function JobLink({ job }: { job: Job }) {
  return (
    <>
      <TextLink href={jobUrl({ id: job.jobId, slug: job.slug })}>“{job.title}”</TextLink> at{" "}
      {job.companyName}
    </>
  );
}
