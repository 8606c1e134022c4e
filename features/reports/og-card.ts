import { formatCount, formatThousandsUsd } from "@/lib/format";
import type { QuarterReport } from "@/features/reports/types";
import { reportSlug, reportTitle } from "@/features/reports/reports";
import type { Card, CardFacts } from "@/lib/og/address";
import { card } from "@/lib/og/base";

/*
 * A quarterly report page's social card (og:image), built from the figures the page renders
 * (lib/og makes its address; features/og/server draws it and reads the same facts for its route).
 */

/** A quarterly report's card: its quarter and headline figures. */
export function reportCard(report: QuarterReport): Card {
  const figures = [
    { label: "Open roles", value: formatCount(report.open_roles) },
    { label: "Hiring companies", value: formatCount(report.hiring_companies) },
    { label: "Remote roles", value: `${Math.round(report.remote_share * 100)}%` },
    {
      label: "Median salary",
      value: report.salary.median === null ? "—" : formatThousandsUsd(report.salary.median),
    },
  ];
  const title = reportTitle(report);
  const facts: CardFacts = {
    eyebrow: "Hiring trends report",
    title,
    chips: [],
    figures,
    note: null,
    badge: null,
    logo: null,
  };
  const alt = `${title}: ${figures.map((figure) => `${figure.label.toLowerCase()} ${figure.value}`).join(", ")}`;
  return card("report", reportSlug(report.quarter), facts, alt);
}
