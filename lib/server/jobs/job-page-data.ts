import type { GetServerSideProps } from "next";
import { jobPath, parseJobParam } from "@/lib/job-path";
import type { JobPageProps } from "@/lib/job-types";
import { getDatabase } from "../db";
import { PUBLIC_CACHE_CONTROL } from "../http/cache";
import { renderMarkdown } from "@/lib/markdown";
import { findSimilarJobs, getJob } from "./jobs-service";

/** /jobs/[jobId]: unknown ids are 404s; a wrong or missing slug redirects to the job's URL. */
export const jobPageData: GetServerSideProps<JobPageProps> = async (context) => {
  const param = parseJobParam(context.params?.jobId);
  if (!param) return { notFound: true };
  const db = await getDatabase();
  const job = await getJob(db, param.id);
  if (!job) return { notFound: true };
  if (param.slug !== job.slug) return { redirect: { destination: jobPath(job), permanent: true } };

  const [descriptionHtml, similarJobs] = await Promise.all([
    renderMarkdown(job.description),
    findSimilarJobs(db, job),
  ]);
  context.res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.job);
  return { props: { job, descriptionHtml, similarJobs } };
};
