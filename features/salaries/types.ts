import type { z } from "zod";
import type { salaryFiguresSchema, salaryReportSchema } from "./schemas";

/** One set of figures: annual US dollars; null under MIN_LISTINGS listings. */
export type SalaryFigures = z.infer<typeof salaryFiguresSchema>;

/** What listings pay for a scope, as its page and /api/salaries answer it. */
export type SalaryReport = z.infer<typeof salaryReportSchema>;

/** A part of a scope (a role, a region or a type) with its figures. */
export type SalaryRow = SalaryReport["parts"][number]["rows"][number];

/** A salary page: /salaries, /salaries/[department] or /salaries/[department]/[region]. */
export type SalaryPageProps = {
  report: SalaryReport;
  department: { slug: string; label: string } | null;
  region: { slug: string; label: string } | null;
  /** Where the scope's open jobs are listed. */
  jobsHref: string;
  /** The page a level up. */
  up: { label: string; href: string } | null;
};

/** Where a job's pay sits against the median of its role in its region (on the job page). */
export type PayComparison = {
  position: "above" | "at" | "below";
  /** The median it is compared with, annual US dollars. */
  median: number;
  /**
   * That median in the listing's own currency, at the board's rates (features/jobs/pay.ts), for
   * the page to show beside the listing's pay: the same as `median` for a listing in dollars.
   */
  shown: { amount: number; currency: string };
  /** "remote Design roles", "Design roles in the United Kingdom". */
  scope: string;
  /** The salary page of that role in that region. */
  href: string;
};
