import type { FunnelRow } from "@/features/analytics/analytics-schemas";
import { BarChart } from "@/features/analytics/components/charts";

/*
 * The funnel's stages and its chart, shared by the owner's dashboard and the employer's funnel;
 * apart from the dashboard so /listings loads none of it (its form, its schemas' zod).
 */

export const FUNNEL_STAGES: { key: keyof FunnelRow; label: string }[] = [
  { key: "listings", label: "Listings live" },
  { key: "views", label: "Views" },
  { key: "apply_clicks", label: "Apply clicks" },
  { key: "applications", label: "Applications" },
  { key: "interviews", label: "Interviews" },
  { key: "hires", label: "Hires" },
];

/** A median of days, or a dash when no listing received an application. */
export const formatDays = (days: number | null) =>
  days === null ? "–" : `${days.toLocaleString("en-US", { maximumFractionDigits: 1 })} d`;

/** The funnel's stages of one row as bars: listings live → views → … → hires. */
export function FunnelChart({ row, title }: { row: FunnelRow; title: string }) {
  return (
    <BarChart
      title={title}
      description="Listings live, then their views, apply clicks, applications, interviews and hires. The numbers are in the table below."
      bars={FUNNEL_STAGES.map((stage) => ({
        key: stage.key,
        label: stage.label,
        value: row[stage.key] as number,
      }))}
      heads={["Stage", "Count"]}
      fill="fill-emerald-600"
    />
  );
}
