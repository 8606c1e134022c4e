// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { DEPARTMENTS, REGIONS } from "@/lib/taxonomy";
import { single, taxonomySlugs, timestamp } from "@/lib/validation/fields";

const pay = z.int().nonnegative().nullable();

/** Annual US dollars; every figure but `listings` is null under MIN_LISTINGS listings. */
const figures = {
  /** How many listings with pay are behind the figures. */
  listings: z.int().nonnegative(),
  p25: pay,
  median: pay,
  p75: pay,
  /** The lowest and the highest pay any of the listings offers. */
  low: pay,
  high: pay,
};

export const salaryFiguresSchema = z.strictObject(figures).meta({ id: "SalaryFigures" });

/** What listings pay for every role, a role, or a role in a region: its page's and API's figures. */
export const salaryReportSchema = z
  .strictObject({
    /** The scope: a department's and a region's slugs, or null for all of them. */
    department: z.string().nullable(),
    region: z.string().nullable(),
    /** Every figure is annual base pay in this currency. */
    currency: z.literal("USD"),
    /** Listings posted in this many months before `computed_at` count. */
    months: z.int().positive(),
    /** Figures built on fewer listings are null. */
    min_listings: z.int().positive(),
    /** The fixed rates other currencies were converted at: US dollars for one unit. */
    rates: z.strictObject({ date: z.iso.date(), usd_per: z.record(z.string(), z.number()) }),
    /** When the figures were computed; null when no listing is behind the scope. */
    computed_at: timestamp.nullable(),
    /** The last twelve months; null when no listing with pay is behind the scope. */
    figures: salaryFiguresSchema.nullable(),
    /** The scope's parts with a listing behind them: roles, regions, types. */
    parts: z.array(
      z.strictObject({
        by: z.enum(["department", "region", "type"]),
        rows: z.array(z.strictObject({ slug: z.string(), label: z.string(), ...figures })),
      }),
    ),
    /** Quarter by quarter ("2026-Q3"), oldest first, over the same twelve months. */
    quarters: z.array(z.strictObject({ quarter: z.string(), ...figures })),
  })
  .meta({ id: "SalaryReport" });

/** Which salaries: every role, a department, or a department in a region. */
export const salaryQuerySchema = z
  .strictObject({
    department: single(z.enum(taxonomySlugs(DEPARTMENTS), "Unknown department")),
    region: single(z.enum(taxonomySlugs(REGIONS), "Unknown region")),
  })
  .refine((query) => !query.region || query.department, {
    path: ["region"],
    message: "Choose a department to see a region's salaries",
  });
