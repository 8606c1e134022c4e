import type { GetServerSideProps } from "next";
import type { SalaryPageProps } from "@/lib/salaries/types";
import { routes } from "@/lib/routes";
import { DEPARTMENTS, findEntry, REGIONS } from "@/lib/taxonomy";
import { getDatabase } from "../db";
import { PUBLIC_CACHE_CONTROL } from "../http/cache";
import { salaryReport } from "./salary-figures";

const named = (entry: { slug: string; label: string } | null) =>
  entry ? { slug: entry.slug, label: entry.label } : null;

/**
 * getServerSideProps of the salary pages: /salaries, /salaries/[department] and
 * /salaries/[department]/[region]. An unknown role or region is a 404. The figures are the
 * periodic task's (lib/server/salaries/salary-figures.ts), so the page may be cached as long as
 * a report's.
 */
export const salaryPageData: GetServerSideProps<SalaryPageProps> = async ({ params, res }) => {
  const department =
    params?.department === undefined ? null : findEntry(DEPARTMENTS, params.department);
  const region = params?.region === undefined ? null : findEntry(REGIONS, params.region);
  if (department === undefined || region === undefined) return { notFound: true };
  const report = await salaryReport(await getDatabase(), {
    department: department?.slug,
    region: region?.slug,
  });
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
  return {
    props: { report, department: named(department), region: named(region), jobsHref, up },
  };
};
