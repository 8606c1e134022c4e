import { headClass, TableFrame, tableClass, tdClass, thClass } from "@/components/ui/data-table";
import { useMemo, useState } from "react";
import { SelectField } from "@/components/ui/form-controls";
import { RegionCard } from "@/components/ui/region-card";
import type { EmployerFunnel as Funnel } from "@/features/analytics/analytics-schemas";
import { FunnelChart, formatDays } from "@/features/analytics/components/funnel";
import { BarChart } from "@/features/analytics/components/charts";
import { EMPLOYER_PERIODS, lastDays } from "@/features/analytics/days";
import { useEmployerFunnel } from "@/features/analytics/hooks/use-analytics";
import { formatCount } from "@/lib/format";

/*
 * An employer's own funnel (issue 65), on /listings: the company's listings together, each
 * listing beside the board's median for its department, and where its applicants came from.
 */

const numberClass = `${tdClass} text-right tabular-nums whitespace-nowrap`;

/** A figure, and the board's median for the department under it. */
function Beside({
  own,
  median,
  days,
}: {
  own: number | null;
  median: number | null;
  days?: boolean;
}) {
  const show = (value: number | null) =>
    days ? formatDays(value) : value === null ? "–" : formatCount(Math.round(value));
  return (
    <>
      <span className="font-medium text-gray-900">{show(own)}</span>
      <span className="block text-xs text-gray-600">board: {show(median)}</span>
    </>
  );
}

/** The funnel of one answer: for tests, and for the page once it has come. */
export function EmployerFunnelReport({ funnel }: { funnel: Funnel }) {
  const { company, listings, sources } = funnel;
  return (
    <div className="space-y-6">
      <FunnelChart row={company} title="Your company's funnel" />
      <TableFrame label="Each listing beside the board's median">
        <table className={tableClass}>
          <caption className="sr-only">
            Each listing&apos;s views, applications and days to the first application, beside the
            board&apos;s median for its department
          </caption>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={thClass}>
                Listing
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Views
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Apply clicks
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Applications
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Interviews
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Hires
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Days to first application
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {listings.length === 0 && (
              <tr>
                <td colSpan={7} className={`${tdClass} text-gray-600`}>
                  None of your listings was live in these days.
                </td>
              </tr>
            )}
            {listings.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={`${tdClass} font-normal`}>
                  <span className="font-medium text-gray-900">{row.label}</span>
                  <span className="block text-xs text-gray-600">#{row.key}</span>
                </th>
                <td className={numberClass}>
                  <Beside own={row.views} median={row.board_median_views} />
                </td>
                <td className={numberClass}>{formatCount(row.apply_clicks)}</td>
                <td className={numberClass}>
                  <Beside own={row.applications} median={row.board_median_applications} />
                </td>
                <td className={numberClass}>{formatCount(row.interviews)}</td>
                <td className={numberClass}>{formatCount(row.hires)}</td>
                <td className={numberClass}>
                  <Beside
                    own={row.median_days_to_first_application}
                    median={row.board_median_days_to_first_application}
                    days
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <h3 className="text-sm font-semibold text-gray-900">Where your applicants came from</h3>
      <BarChart
        title="Where your applicants came from"
        description="Applications by where the applicant came from: another site, a campaign, direct, or unknown. The numbers are in the table below."
        bars={sources.map((row) => ({
          key: row.source,
          label: row.source,
          value: row.applications,
        }))}
        heads={["Came from", "Applications"]}
        fill="fill-sky-600"
      />
    </div>
  );
}

/** The company's funnel over a range the employer chooses (30 days at first), from GET /api/company/funnel. */
export function EmployerFunnel() {
  const [days, setDays] = useState(30);
  // The range is fixed when chosen: a page left open past midnight keeps the days it shows.
  const range = useMemo(() => lastDays(days), [days]);
  const { data, isError, isFetching } = useEmployerFunnel(range);
  let body;
  if (data) body = <EmployerFunnelReport funnel={data} />;
  else if (isError) body = <p className="text-sm text-gray-700">The funnel could not be loaded.</p>;
  else body = <p className="text-sm text-gray-600">Loading your funnel…</p>;
  return (
    <RegionCard
      title="How your listings do"
      lead={
        data
          ? `${data.range.from} to ${data.range.to}: from views to hires, each listing beside the board's median for the same department.`
          : "From views to hires, each listing beside the board's median for the same department."
      }
    >
      <div className="mb-4 max-w-xs">
        <SelectField
          label="Period"
          value={String(days)}
          onChange={(event) => setDays(Number(event.target.value))}
          options={EMPLOYER_PERIODS.map((preset) => ({
            value: String(preset.days),
            label: preset.label,
          }))}
        />
      </div>
      <div aria-busy={isFetching}>{body}</div>
    </RegionCard>
  );
}
