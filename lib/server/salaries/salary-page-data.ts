import type { GetServerSideProps } from "next";
import { EXCHANGE_RATES, SALARY_CURRENCIES } from "@/lib/salaries/pay";
import type { SalaryFigures, SalaryPageProps, SalaryRow } from "@/lib/salaries/types";
import { routes } from "@/lib/routes";
import { DEPARTMENTS, findEntry, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";
import { getDatabase } from "../db";
import { PUBLIC_CACHE_CONTROL } from "../http/cache";
import {
  salaryFigureFor,
  salaryPartsOf,
  salaryTrendFor,
  type SalaryFigure,
  type SalaryPartKind,
} from "./salary-figures";

const figuresOf = ({ listings, p25, median, p75, low, high }: SalaryFigure): SalaryFigures => ({
  listings,
  p25,
  median,
  p75,
  low,
  high,
});

const ENTRIES: Record<SalaryPartKind, readonly TaxonomyEntry[]> = {
  department: DEPARTMENTS,
  region: REGIONS,
  type: JOB_TYPES,
};

/** The parts' rows in the taxonomy's order, each linking to its own page when it has one. */
function rowsOf(
  parts: SalaryFigure[],
  by: SalaryPartKind,
  href: (slug: string) => string | null,
): SalaryRow[] {
  return ENTRIES[by].flatMap((entry) => {
    const part = parts.find((row) => row[by] === entry.slug);
    return part
      ? [{ ...figuresOf(part), slug: entry.slug, label: entry.label, href: href(entry.slug) }]
      : [];
  });
}

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
  const db = await getDatabase();
  const scope = { department: department?.slug ?? "", region: region?.slug ?? "" };
  const [figure, trend, byDepartment, byRegion, byType] = await Promise.all([
    salaryFigureFor(db, { ...scope, type: "" }),
    salaryTrendFor(db, scope),
    department ? [] : salaryPartsOf(db, scope, "department"),
    department && !region ? salaryPartsOf(db, scope, "region") : [],
    department ? salaryPartsOf(db, scope, "type") : [],
  ]);
  const parts = [
    { title: "By role", rows: rowsOf(byDepartment, "department", (slug) => routes.salaries(slug)) },
    {
      title: "By location",
      rows: rowsOf(byRegion, "region", (slug) => routes.salaries(scope.department, slug)),
    },
    { title: "By job type", rows: rowsOf(byType, "type", () => null) },
  ].filter((part) => part.rows.length > 0);
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
    props: {
      department: department ? { slug: department.slug, label: department.label } : null,
      region: region ? { slug: region.slug, label: region.label } : null,
      figures: figure ? figuresOf(figure) : null,
      parts,
      trend: trend.map((row) => ({ ...figuresOf(row), quarter: row.quarter })),
      jobsHref,
      up,
      computedAt: figure?.computedAt.toISOString() ?? null,
      ratesDate: EXCHANGE_RATES.date,
      rates: SALARY_CURRENCIES.filter((currency) => currency !== "USD").map((currency) => ({
        currency,
        usd: EXCHANGE_RATES.usdPer[currency],
      })),
    },
  };
};
