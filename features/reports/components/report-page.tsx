import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { ContentPage } from "@/features/content/components/content-page";
import { BarChart, type BarDatum } from "@/features/reports/components/bar-chart";
import { formatCount, formatThousandsUsd } from "@/lib/format";
import { reportCard } from "@/features/reports/og-card";
import { percent, reportCommentary, signedPercent } from "@/features/reports/commentary";
import type { ReportRouteProps, Share } from "@/features/reports/types";
import { REPORT_BLURB_TEXT, reportTitle } from "@/features/reports/reports";
import { routes } from "@/lib/routes";

const shareBars = (shares: Share[]): BarDatum[] =>
  shares.map((share) => ({
    label: share.label,
    value: share.count,
    display: `${formatCount(share.count)} (${percent(share.share)})`,
  }));

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-2 text-3xl font-bold tracking-tight text-gray-950 tabular-nums">{value}</dd>
      {note && <dd className="mt-1 text-sm text-gray-500">{note}</dd>}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-gray-200 pt-10">
      <h2 className="sr-only">{title}</h2>
      {children}
    </section>
  );
}

/** A quarterly hiring-trends report: figures, charts with their tables, and commentary. */
export function ReportPage({ meta, report, reports }: ReportRouteProps) {
  const change = (value: number | null) =>
    value === null || !report.previous
      ? undefined
      : `${signedPercent(value)} on ${report.previous.quarter}`;
  return (
    <ContentPage
      eyebrow="Hiring trends report"
      title={reportTitle(meta)}
      description={`Who hired in the creator economy in ${meta.quarter}: open roles, hiring companies, departments, regions, remote share and pay, counted from the roles published on the board that quarter.`}
      path={meta.path}
      card={reportCard(report)}
    >
      <nav aria-label="Reports by quarter" className="flex flex-wrap gap-2">
        {reports.map((entry) => (
          <Link
            key={entry.path}
            href={entry.path}
            aria-current={entry.path === meta.path ? "page" : undefined}
            className="rounded-full px-3 py-1 text-sm font-medium text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50 aria-[current=page]:bg-violet-600 aria-[current=page]:text-white aria-[current=page]:ring-violet-600"
          >
            {entry.quarter}
          </Link>
        ))}
      </nav>

      <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure
          label="Open roles"
          value={formatCount(report.open_roles)}
          note={change(report.change.open_roles)}
        />
        <Figure
          label="Hiring companies"
          value={formatCount(report.hiring_companies)}
          note={change(report.change.hiring_companies)}
        />
        <Figure label="Remote roles" value={percent(report.remote_share)} />
        <Figure
          label="Median salary (USD)"
          value={report.salary.median === null ? "—" : formatThousandsUsd(report.salary.median)}
          note={`${percent(report.salary.disclosed_share)} of listings show pay`}
        />
      </dl>

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-12">
          <section aria-labelledby="findings">
            <h2 id="findings" className="text-xl font-semibold text-gray-900">
              What the quarter says
            </h2>
            <div className="mt-4 space-y-4 text-base leading-7 text-gray-700">
              {reportCommentary(report).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
          <Section title="Roles by department">
            <BarChart
              title="Roles by department"
              valueHeading="Roles (share)"
              data={shareBars(report.by_department)}
            />
          </Section>
          <Section title="Roles by region">
            <BarChart
              title="Roles by region"
              valueHeading="Roles (share)"
              data={shareBars(report.by_region)}
            />
          </Section>
          <Section title="Roles by type">
            <BarChart
              title="Roles by type"
              valueHeading="Roles (share)"
              data={shareBars(report.by_type)}
            />
          </Section>
          <Section title="Salary bands">
            <BarChart
              title="Salary bands (USD, yearly midpoint)"
              valueHeading="Roles"
              data={report.salary.bands.map((band) => ({
                label: band.label,
                value: band.count,
                display: formatCount(band.count),
              }))}
            />
          </Section>
        </div>
        <aside className="space-y-8 lg:sticky lg:top-24 lg:self-start">
          <section aria-labelledby="top-companies">
            <h2 id="top-companies" className="text-base font-semibold text-gray-900">
              Top hiring companies
            </h2>
            <ol className="mt-3 divide-y divide-gray-100 text-sm">
              {report.top_companies.map((company, index) => (
                <li key={company.slug} className="flex justify-between gap-4 py-2">
                  <span className="text-gray-700">
                    <span className="mr-2 text-gray-500 tabular-nums">{index + 1}.</span>
                    {company.name}
                  </span>
                  <span className="font-medium text-gray-900 tabular-nums">
                    {formatCount(company.count)}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <div className="rounded-2xl bg-violet-50 p-5 text-sm text-violet-900">
            <p>{REPORT_BLURB_TEXT}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link href={routes.home} className="font-semibold text-violet-700 hover:underline">
                Browse open roles
              </Link>
              <Link href={routes.submit} className="font-semibold text-violet-700 hover:underline">
                Post a job
              </Link>
            </div>
          </div>
          <p className="text-xs leading-5 text-gray-500">
            How we count: a role counts in the quarter it was published on the board, whatever
            happened to it after; listings that never went live are left out. Pay figures use the
            midpoint of each listing&rsquo;s range, for roles paid in US dollars.
          </p>
        </aside>
      </div>
    </ContentPage>
  );
}
