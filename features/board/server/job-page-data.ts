import type { GetServerSideProps } from "next";
import { jobPath, parseJobParam } from "@/features/jobs/path";
import type { JobPageProps } from "@/features/board/types";
import { describesCompany } from "@/features/jobs/company-about";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { comparePay } from "@/features/salaries/server/salary-figures";
import { descriptionHtmlOf, findSimilarJobs, getJobRecord } from "@/features/jobs/server/jobs";
import { storeDescriptionHtml } from "@/features/listings/server/listing-state";

/** /jobs/[jobId]: unknown ids are 404s; a wrong or missing slug redirects to the job's URL. */
export const jobPageData: GetServerSideProps<JobPageProps> = async (context) => {
  const param = parseJobParam(context.params?.jobId);
  if (!param) return { notFound: true };
  const db = await getDatabase();
  const record = await getJobRecord(db, param.id);
  if (!record) return { notFound: true };
  // The page shows the description as HTML; its Markdown source is not sent along too.
  const { description, ...job } = record.job;
  if (param.slug !== job.slug) return { redirect: { destination: jobPath(job), permanent: true } };

  const [descriptionHtml, similarJobs, payComparison] = await Promise.all([
    descriptionHtmlOf(
      db,
      { id: job.id, description, descriptionHtml: record.descriptionHtml },
      storeDescriptionHtml,
    ),
    findSimilarJobs(db, job),
    comparePay(db, job),
  ]);
  context.res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.job);
  const aboutInDescription = describesCompany(description, job.company.about);
  return { props: { job, descriptionHtml, similarJobs, payComparison, aboutInDescription } };
};
