import { ContentPage } from "@/features/content/components/content-page";
import { BarChart } from "@/features/reports/components/bar-chart";
import { Link } from "@/components/ui/link";
import { formatCount, formatDate } from "@/lib/format";
import { MIN_LISTINGS, PERIODS_PER_YEAR } from "@/features/jobs/pay";
import type {
  SalaryFigures,
  SalaryPageProps,
  SalaryReport,
  SalaryRow,
} from "@/features/salaries/types";
import { getSalaries, getSalariesCsv } from "@/lib/api/public-routes.generated";
import { routePath } from "@/lib/api/paths";
import { routes } from "@/lib/routes";
import { salaryCard } from "@/features/salaries/og-card";
import { salaryPageTitle } from "@/features/salaries/page";

/** Whole US dollars: "$77,000". */
const usd = (amount: number) => `$${formatCount(amount)}`;

const listingsText = (count: number) =>
  `${formatCount(count)} ${count === 1 ? "listing" : "listings"}`;

/** Whether figures are shown: enough listings behind them. */
const shown = (figures: SalaryFigures | null): figures is SalaryFigures & { median: number } =>
  figures !== null && figures.median !== null;

/** The page's description, with its figures when it has them: search results show it. */
function describe({ report: { figures }, department, region }: SalaryPageProps): string {
  const what = department
    ? `${department.label} roles${region ? ` in ${region.label}` : ""}`
    : "roles in the creator economy";
  if (!shown(figures)) {
    return `What ${what} pay, from the listings on the board: not enough listings with pay yet.`;
  }
  return `${what[0]!.toUpperCase()}${what.slice(1)} pay a median of ${usd(figures.median)} a year (middle half ${usd(figures.p25!)}–${usd(figures.p75!)}), from ${listingsText(figures.listings)} with pay posted on the board in the last 12 months.`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-2 text-2xl font-bold tracking-tight text-gray-950 tabular-nums sm:text-3xl">
        {value}
      </dd>
    </div>
  );
}

function NotEnough({ listings }: { listings: number }) {
  return (
    <>
      Not enough listings yet ({listingsText(listings)}; figures show from {MIN_LISTINGS})
    </>
  );
}

/** What each kind of part is headed. */
const PART_TITLES: Record<SalaryReport["parts"][number]["by"], string> = {
  department: "By role",
  region: "By location",
  type: "By job type",
};

/** The figures' columns; the quartiles only where there is room for them. */
const FIGURE_COLUMNS = [
  { label: "Listings", wide: false },
  { label: "25th percentile", wide: true },
  { label: "Median", wide: false },
  { label: "75th percentile", wide: true },
] as const;

/** A scope's parts (roles, regions or types) side by side, each with its own figures. */
function PartsTable({
  title,
  rows,
  href,
}: {
  title: string;
  rows: SalaryRow[];
  href: (slug: string) => string | null;
}) {
  return (
    <div>
      <table className="w-full text-sm">
        <caption className="pb-3 text-left text-base font-semibold text-gray-900">{title}</caption>
        <thead>
          <tr className="border-b border-gray-200 text-left text-gray-500">
            <th scope="col" className="py-2 font-medium">
              {title.replace(/^By /, "").replace(/^./, (c) => c.toUpperCase())}
            </th>
            {FIGURE_COLUMNS.map(({ label, wide }) => (
              <th
                key={label}
                scope="col"
                className={`py-2 text-right font-medium ${wide ? "hidden sm:table-cell" : ""}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.slug} className="border-b border-gray-100">
              <th scope="row" className="py-2 text-left font-normal text-gray-700">
                {href(row.slug) ? (
                  <Link
                    href={href(row.slug)!}
                    className="text-violet-700 underline hover:text-violet-900"
                  >
                    {row.label}
                  </Link>
                ) : (
                  row.label
                )}
              </th>
              <td className="py-2 text-right tabular-nums">{formatCount(row.listings)}</td>
              <td className="hidden py-2 text-right tabular-nums sm:table-cell">
                {shown(row) && usd(row.p25!)}
              </td>
              {shown(row) ? (
                <td className="py-2 text-right font-semibold text-gray-900 tabular-nums">
                  {usd(row.median)}
                </td>
              ) : (
                <td className="py-2 text-right text-gray-500">Not enough listings yet</td>
              )}
              <td className="hidden py-2 text-right tabular-nums sm:table-cell">
                {shown(row) && usd(row.p75!)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A salary page: what listings pay for every role, a role, or a role in a region. */
export function SalaryPage(props: SalaryPageProps) {
  const { report, department, region, jobsHref, up } = props;
  const { figures, parts, quarters, computed_at: computedAt } = report;
  const title = salaryPageTitle(props);
  const query = department
    ? `?department=${encodeURIComponent(department.slug)}${region ? `&region=${encodeURIComponent(region.slug)}` : ""}`
    : "";
  const rates = Object.entries(report.rates.usd_per)
    .filter(([currency]) => currency !== report.currency)
    .map(([currency, rate]) => `1 ${currency} = $${rate.toFixed(2)}`);
  const partHref = (by: SalaryReport["parts"][number]["by"]) => (slug: string) =>
    by === "department"
      ? routes.salaries(slug)
      : by === "region" && department
        ? routes.salaries(department.slug, slug)
        : null;
  return (
    <ContentPage
      eyebrow="Salaries"
      title={title}
      headTitle={shown(figures) ? `${title}: ${usd(figures.median)} median` : title}
      description={describe(props)}
      path={routes.salaries(department?.slug, region?.slug)}
      card={salaryCard(props)}
    >
      {!figures ? (
        <div className="rounded-2xl border border-dashed border-gray-300 px-6 py-10 text-center">
          <p className="text-base font-semibold text-gray-900">
            No listing {department ? `for ${department.label}` : ""}
            {region ? ` in ${region.label}` : ""} has shown its pay in the last 12 months.
          </p>
          {up && (
            <p className="mt-3">
              <Link href={up.href} className="font-semibold text-violet-700 underline">
                See {up.label.replace(/^./, (c) => c.toLowerCase())}
              </Link>
            </p>
          )}
        </div>
      ) : (
        <>
          {shown(figures) ? (
            <>
              <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
                <Figure label="Median a year" value={usd(figures.median)} />
                <Figure label="25th percentile" value={usd(figures.p25!)} />
                <Figure label="75th percentile" value={usd(figures.p75!)} />
                <Figure label="Range" value={`${usd(figures.low!)}–${usd(figures.high!)}`} />
              </dl>
              <p className="mt-4 text-sm text-gray-600">
                From {listingsText(figures.listings)} with pay posted on the board in the last 12
                months.
              </p>
            </>
          ) : (
            <p className="rounded-2xl bg-amber-50 px-5 py-4 text-sm text-amber-900 ring-1 ring-amber-200">
              <NotEnough listings={figures.listings} />.
            </p>
          )}

          <p className="mt-6">
            <Link
              href={jobsHref}
              className="font-semibold text-violet-700 underline hover:text-violet-900"
            >
              See the open {department ? `${department.label} ` : ""}jobs
              {region ? ` in ${region.label}` : ""}
            </Link>
          </p>

          {parts.map((part) => (
            <div key={part.by} className="mt-12 border-t border-gray-200 pt-8">
              <PartsTable title={PART_TITLES[part.by]} rows={part.rows} href={partHref(part.by)} />
            </div>
          ))}

          {quarters.length > 0 && (
            <div className="mt-12 border-t border-gray-200 pt-8">
              <BarChart
                title="Median by quarter"
                valueHeading="Median a year"
                countHeading="Listings"
                data={quarters.map((quarter) => ({
                  label: quarter.quarter.replace(/^(\d{4})-(Q\d)$/, "$2 $1"),
                  value: shown(quarter) ? (quarter.median ?? 0) : 0,
                  display: shown(quarter) ? usd(quarter.median) : "not enough listings",
                  count: formatCount(quarter.listings),
                }))}
              />
            </div>
          )}
        </>
      )}

      <section className="mt-12 border-t border-gray-200 pt-8 text-sm text-gray-600">
        <h2 className="text-base font-semibold text-gray-900">How these figures are made</h2>
        <p className="mt-2 max-w-3xl">
          Every listing on the board that shows its pay and was posted in the last 12 months counts
          once, at the middle of its range. Pay is annual base pay in US dollars: monthly pay times{" "}
          {PERIODS_PER_YEAR.month}, hourly pay times {formatCount(PERIODS_PER_YEAR.hour)}, and other
          currencies at fixed rates of {formatDate(`${report.rates.date}T12:00:00Z`)} (
          {rates.join(", ")}). A figure built on fewer than {MIN_LISTINGS} listings is not shown.
          {computedAt && <> Last computed {formatDate(computedAt)}.</>}
        </p>
        {figures && (
          <p className="mt-3">
            These figures as{" "}
            <a
              href={`${routePath(getSalariesCsv)}${query}`}
              className="font-medium text-violet-700 underline"
            >
              CSV
            </a>{" "}
            or{" "}
            <a
              href={`${routePath(getSalaries)}${query}`}
              className="font-medium text-violet-700 underline"
            >
              JSON
            </a>
            .
          </p>
        )}
      </section>
    </ContentPage>
  );
}
