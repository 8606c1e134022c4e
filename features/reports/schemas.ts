// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { timestamp } from "@/lib/validation/fields";

/** One taxonomy entry's part of a quarter's roles; `share` is 0..1. */
const shareSchema = z
  .strictObject({
    slug: z.string(),
    label: z.string(),
    count: z.int().nonnegative(),
    share: z.number().min(0).max(1),
  })
  .meta({ id: "Share" });

const figures = { open_roles: z.int().nonnegative(), hiring_companies: z.int().nonnegative() };

/** The figures of a quarterly hiring-trends report, as its page and its API show them. */
export const quarterReportSchema = z
  .strictObject({
    /** "Q1 2024", as in HIRING_REPORTS. */
    quarter: z.string(),
    /** The quarter, [start, end). */
    start: timestamp,
    end: timestamp,
    /** Jobs published in the quarter that went live: not pending, not rejected. */
    open_roles: figures.open_roles,
    /** Distinct companies among those jobs. */
    hiring_companies: figures.hiring_companies,
    /** The quarter before; null for the first report, which has none to compare with. */
    previous: z.strictObject({ quarter: z.string(), ...figures }).nullable(),
    /** Relative change vs previous (0.125 is +12.5%); null without a previous figure above 0. */
    change: z.strictObject({
      open_roles: z.number().nullable(),
      hiring_companies: z.number().nullable(),
    }),
    /** Every entry of the taxonomy, zeros included: count desc, then label asc. */
    by_department: z.array(shareSchema),
    by_region: z.array(shareSchema),
    by_type: z.array(shareSchema),
    /** Share of roles in region "remote", 0..1 (0 when there are no roles). */
    remote_share: z.number().min(0).max(1),
    salary: z.strictObject({
      /** Share of roles that disclose pay. */
      disclosed_share: z.number().min(0).max(1),
      /** Median of the disclosed USD roles' midpoints; null when there are none. */
      median: z.number().nullable(),
      /** Roles whose yearly USD midpoint is in [min, max); max null means no upper bound. */
      bands: z.array(
        z.strictObject({
          label: z.string(),
          min: z.number(),
          max: z.number().nullable(),
          count: z.int().nonnegative(),
        }),
      ),
    }),
    /** Up to 10: count desc, then name asc. */
    top_companies: z.array(
      z.strictObject({ name: z.string(), slug: z.string(), count: z.int().positive() }),
    ),
  })
  .meta({ id: "QuarterReport" });
