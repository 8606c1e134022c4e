import { formatCount, formatThousandsUsd } from "@/lib/format";
import type { QuarterReport, Share } from "@/features/reports/types";

export const percent = (share: number) => `${Math.round(share * 100)}%`;

export const signedPercent = (change: number) =>
  `${change >= 0 ? "+" : "−"}${Math.abs(Math.round(change * 100))}%`;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

const top = (shares: Share[], n: number) => shares.filter((share) => share.count > 0).slice(0, n);

/**
 * The report's commentary, written from its own figures so that the words always agree with the
 * numbers on the page, whichever data the board holds.
 */
export function reportCommentary(report: QuarterReport): string[] {
  if (report.open_roles === 0) {
    return [`No roles were published on the board in ${report.quarter}.`];
  }
  const paragraphs: string[] = [];

  let headline = `In ${report.quarter}, ${plural(report.open_roles, "role")} went live on the board at ${plural(report.hiring_companies, "company", "companies")}.`;
  if (report.previous && report.change.open_roles !== null) {
    const direction = report.change.open_roles >= 0 ? "up" : "down";
    headline += ` That is ${direction} ${percent(Math.abs(report.change.open_roles))} on ${report.previous.quarter}, when ${formatCount(report.previous.open_roles)} roles were posted.`;
  }
  paragraphs.push(headline);

  const [first, second, third] = top(report.by_department, 3);
  if (first) {
    const others = [second, third].filter(Boolean).map((share) => share!.label);
    paragraphs.push(
      `${first.label} led hiring with ${plural(first.count, "role")}, ${percent(first.share)} of the quarter's total${others.length ? `, ahead of ${others.join(" and ")}` : ""}. Creator-facing work — partnerships, influencer marketing and talent management — is where this market differs most from the wider jobs market, so watch those lines from quarter to quarter.`,
    );
  }

  const onSite = top(
    report.by_region.filter((share) => share.slug !== "remote"),
    1,
  )[0];
  paragraphs.push(
    `${percent(report.remote_share)} of roles could be done from anywhere.${onSite ? ` Among roles tied to a place, ${onSite.label} hired most, with ${plural(onSite.count, "role")}.` : ""}`,
  );

  const { salary } = report;
  if (salary.median !== null) {
    const commonest = [...salary.bands].sort((a, b) => b.count - a.count)[0];
    paragraphs.push(
      `${percent(salary.disclosed_share)} of listings published their pay. The median salary midpoint of roles paid in US dollars was ${formatThousandsUsd(salary.median)} a year${commonest && commonest.count > 0 ? `, and the most common band was ${commonest.label}` : ""}. Listings that show pay are the ones candidates answer first; employers who leave it out are competing with one hand tied.`,
    );
  } else {
    paragraphs.push(`${percent(salary.disclosed_share)} of listings published their pay.`);
  }

  const [leadType] = top(report.by_type, 1);
  const [leader] = report.top_companies;
  if (leadType && leader) {
    paragraphs.push(
      `${leadType.label} roles made up ${percent(leadType.share)} of the quarter. ${leader.name} posted the most, with ${plural(leader.count, "role")}.`,
    );
  }
  return paragraphs;
}
