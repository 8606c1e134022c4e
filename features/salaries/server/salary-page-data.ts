import type { GetServerSideProps } from "next";
import type { SalaryPageProps } from "@/features/salaries/types";
import { routes } from "@/lib/routes";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { salaryPageReport } from "./salary-figures";

/**
 * getServerSideProps of the salary pages: /salaries, /salaries/[department] and
 * /salaries/[department]/[region]. An unknown role or region is a 404. The figures are the
 * periodic task's (features/salaries/server/salary-figures.ts), so the page may be cached as long as
 * a report's.
 */
export const salaryPageData: GetServerSideProps<SalaryPageProps> = async ({ params, res }) => {
  const page = await salaryPageReport(await getDatabase(), params ?? {});
  if (!page) return { notFound: true };
  const { department, region } = page;
  const jobsHref = !department
    ? routes.home
    : region
      ? `${routes.department(department.slug)}?region=${encodeURIComponent(region.slug)}`
      : routes.department(department.slug);
  const up = !department
    ? null
    : region
      ? { label: `${department.label} salaries`, href: routes.salaries(department.slug) }
      : { label: "Salaries for every role", href: routes.salaries() };
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.report);
  return { props: { ...page, jobsHref, up } };
};
