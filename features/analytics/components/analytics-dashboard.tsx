import { useRouter } from "next/router";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { LoadFailed } from "@/components/ui/load-failed";
import { CsvButton } from "@/components/ui/csv-button";
import { headClass, TableFrame, tableClass, tdClass, thClass } from "@/components/ui/data-table";
import { SelectField, TextField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { Link } from "@/components/ui/link";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { RegionCard } from "@/components/ui/region-card";
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  DAY_PATTERN,
  FUNNEL_DIMENSIONS,
  type AnalyticsReport,
  type AnalyticsTable,
  type FunnelDimension,
  type FunnelRow,
} from "@/features/analytics/analytics-schemas";
import {
  BarChart,
  Legend,
  LineChart,
  type LineSeries,
} from "@/features/analytics/components/charts";
import { FUNNEL_STAGES, FunnelChart, formatDays } from "@/features/analytics/components/funnel";
import {
  useAnalyticsCsv,
  useAnalyticsReport,
  type AnalyticsQuery,
} from "@/features/analytics/hooks/use-analytics";
import { dayAfter, daysBetween, lastDays, RANGE_PRESETS } from "@/features/analytics/days";
import { hasFieldErrors } from "@/lib/error-toast";
import { formatCount } from "@/lib/format";
import { routes } from "@/lib/routes";

/*
 * /review/analytics (issue 65): the board's traffic, searches, funnel and audience over a range of
 * UTC days, each figure beside the period of the same length just before. The range and the
 * funnel's split live in the address, so a reload or a bookmark keeps them; each table downloads
 * as CSV.
 */

const SPLIT_LABELS: Record<FunnelDimension, string> = {
  department: "Department",
  region: "Region",
  type: "Type of job",
  source: "Posted or imported",
};

type RangeErrors = Partial<Record<"from" | "to" | "by", string>>;

/** What is wrong with the range typed, before asking the server. */
export function checkRange({ from, to }: { from: string; to: string }): RangeErrors {
  const errors: RangeErrors = {};
  if (!DAY_PATTERN.test(from)) errors.from = "Give the first day as YYYY-MM-DD, like 2026-11-23";
  if (!DAY_PATTERN.test(to)) errors.to = "Give the last day as YYYY-MM-DD, like 2026-11-23";
  if (errors.from || errors.to) return errors;
  if (to < from) return { to: "End the range on or after its start" };
  if (daysBetween(from, to) > ANALYTICS_MAX_DAYS) {
    return { to: `Keep the range to ${ANALYTICS_MAX_DAYS} days or fewer` };
  }
  return {};
}

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");

/** The range and split the address asks for; the last 7 days by department when it names none. */
function queryFromAddress(query: Record<string, string | string[] | undefined>): AnalyticsQuery {
  const fallback = lastDays(ANALYTICS_DEFAULT_DAYS);
  const by = one(query.by);
  return {
    from: one(query.from) || fallback.from,
    to: one(query.to) || fallback.to,
    by: (FUNNEL_DIMENSIONS as readonly string[]).includes(by)
      ? (by as FunnelDimension)
      : "department",
  };
}

/** A figure against the period before, in words and numbers: "up 25% from 80". */
export function changeInWords(current: number, previous: number): string {
  if (previous === 0)
    return current === 0 ? "none in the period before either" : "none in the period before";
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return `about the same as the ${formatCount(previous)} before`;
  return `${percent > 0 ? "up" : "down"} ${Math.abs(percent)}% from ${formatCount(previous)} before`;
}

/** The download of one table as CSV (components/ui/csv-button). */
function TableCsv({
  query,
  table,
  label,
}: {
  query: AnalyticsQuery;
  table: AnalyticsTable;
  label: string;
}) {
  const download = useAnalyticsCsv();
  return (
    <CsvButton
      label={label}
      download={download}
      onDownload={() => download.mutate({ query, table })}
    />
  );
}

/** The figures at the top: each with its change against the period before. */
function Figures({ items }: { items: { label: string; current: number; previous: number }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl bg-gray-50 p-4">
          <dt className="text-sm text-gray-600">{item.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-gray-900 tabular-nums">
            {formatCount(item.current)}
          </dd>
          <dd className="mt-1 text-sm text-gray-600">
            {changeInWords(item.current, item.previous)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The days of a range, in order. */
function daysOf({ from, to }: { from: string; to: string }): string[] {
  const count = DAY_PATTERN.test(from) && DAY_PATTERN.test(to) ? daysBetween(from, to) : 0;
  return Array.from({ length: Math.max(0, Math.min(count, ANALYTICS_MAX_DAYS)) }, (_, index) =>
    dayAfter(from, index),
  );
}

function VisitorsSection({ report, query }: { report: AnalyticsReport; query: AnalyticsQuery }) {
  const { traffic } = report;
  const byDay = new Map(traffic.days.map((day) => [day.day, day]));
  const days = daysOf(traffic.range);
  const before = daysOf(traffic.previous);
  // The period before, dashed: its own days laid over these when the answer holds them, else
  // its daily average (the report's totals for it over its days) as a level line.
  const hasBefore = before.some((day) => byDay.has(day));
  const figure = (list: string[], key: "visitors" | "views") =>
    list.map((day) => byDay.get(day)?.[key] ?? 0);
  const average = (key: "visitors" | "views") =>
    days.map(() => Math.round((traffic[key].previous / Math.max(before.length, 1)) * 10) / 10);
  const series: LineSeries[] = [
    { label: "Visitors", values: figure(days, "visitors"), stroke: "stroke-violet-600" },
    { label: "Views", values: figure(days, "views"), stroke: "stroke-sky-600" },
    {
      label: hasBefore ? "Visitors, period before" : "Visitors a day, period before (average)",
      values: hasBefore ? figure(before, "visitors") : average("visitors"),
      stroke: "stroke-violet-400",
      dashed: true,
    },
    {
      label: hasBefore ? "Views, period before" : "Views a day, period before (average)",
      values: hasBefore ? figure(before, "views") : average("views"),
      stroke: "stroke-sky-400",
      dashed: true,
    },
  ];
  return (
    <RegionCard
      title="Visitors"
      lead={`${traffic.range.from} to ${traffic.range.to}, against ${traffic.previous.from} to ${traffic.previous.to}. A visitor is counted once a day, without a cookie.`}
    >
      <Figures
        items={[
          { label: "Visitors", ...traffic.visitors },
          { label: "Page views", ...traffic.views },
          { label: "Visits from outside", ...traffic.visits },
        ]}
      />
      <Legend series={series} />
      <LineChart
        title="Visitors and views by day"
        description={`Each day's visitors and page views from ${traffic.range.from} to ${traffic.range.to}, with the period before dashed. The numbers are in the table below.`}
        days={days}
        series={series}
      />
      <TableCsv query={query} table="days" label="visitors by day" />
    </RegionCard>
  );
}

type Ranked = AnalyticsReport["traffic"]["sources"][number];

/** A ranked table of the traffic: its bars of visitors, and the table with views and the change. */
function RankedSection({
  title,
  lead,
  name,
  rows,
  table,
  query,
  label = (value) => value,
}: {
  title: string;
  lead: string;
  /** What a row is: "Source", "Page". */
  name: string;
  rows: Ranked[];
  table: AnalyticsTable;
  query: AnalyticsQuery;
  label?: (value: string) => string;
}) {
  return (
    <RegionCard title={title} lead={lead}>
      <BarChart
        title={`${title}: visitors`}
        description={`Visitors by ${name.toLowerCase()}, most first. The numbers, with views and the period before, are in the table below.`}
        bars={rows.map((row) => ({ key: row.value, label: label(row.value), value: row.visitors }))}
        heads={[name, "Visitors", "Views", "Visitors before"]}
        cells={(_, index) => [
          rows[index]!.visitors,
          rows[index]!.views,
          rows[index]!.previous_visitors,
        ]}
      />
      <TableCsv query={query} table={table} label={title.toLowerCase()} />
    </RegionCard>
  );
}

type SearchRow = AnalyticsReport["searches"]["top"][number];

const searchCells = (row: SearchRow) => [row.searches, row.visitors, row.zero_results, row.results];
const SEARCH_HEADS = ["Search", "Searches", "Visitors", "Found nothing", "Results"];

const numberClass = `${tdClass} text-right tabular-nums whitespace-nowrap`;

/** The funnel per group: a row per department (region, type, source), the board's total last. */
export function FunnelTable({
  label,
  rows,
  total,
}: {
  label: string;
  rows: FunnelRow[];
  total?: FunnelRow;
}) {
  const line = (row: FunnelRow, isTotal: boolean) => (
    <tr key={isTotal ? "total" : row.key}>
      <th scope="row" className={`${tdClass} ${isTotal ? "font-semibold" : "font-normal"}`}>
        {isTotal ? "Total" : row.label}
      </th>
      {FUNNEL_STAGES.map((stage) => (
        <td key={stage.key} className={numberClass}>
          {formatCount(row[stage.key] as number)}
        </td>
      ))}
      <td className={numberClass}>{formatDays(row.median_days_to_first_application)}</td>
    </tr>
  );
  return (
    <TableFrame label={label}>
      <table className={tableClass}>
        <caption className="sr-only">{label}</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={thClass}>
              Group
            </th>
            {FUNNEL_STAGES.map((stage) => (
              <th key={stage.key} scope="col" className={`${thClass} text-right`}>
                {stage.label}
              </th>
            ))}
            <th scope="col" className={`${thClass} text-right`}>
              Median days to first application
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{rows.map((row) => line(row, false))}</tbody>
        {total && (
          <tfoot className="border-t-2 border-gray-200 bg-gray-50">{line(total, true)}</tfoot>
        )}
      </table>
    </TableFrame>
  );
}

/** The report's sections, from one answer. */
export function AnalyticsSections({
  report,
  query,
}: {
  report: AnalyticsReport;
  query: AnalyticsQuery;
}) {
  const { traffic, searches, funnel, audience } = report;
  const sections: ReactNode[] = [
    <VisitorsSection key="visitors" report={report} query={query} />,
    <RankedSection
      key="sources"
      title="Sources"
      lead="Where visits came from: another site's host, a campaign, or direct (typed in, a bookmark, an app)."
      name="Source"
      rows={traffic.sources}
      table="sources"
      query={query}
    />,
    <RankedSection
      key="pages"
      title="Top pages"
      lead="The pages viewed most, by their visitors."
      name="Page"
      rows={traffic.pages}
      table="pages"
      query={query}
    />,
    <RankedSection
      key="landings"
      title="Landing pages"
      lead="The pages visits from outside arrived on."
      name="Page"
      rows={traffic.landings}
      table="landings"
      query={query}
    />,
    <RankedSection
      key="devices"
      title="Devices"
      lead="Desktops, phones and tablets, read from the browser's User-Agent."
      name="Device"
      rows={traffic.devices}
      table="devices"
      query={query}
      label={(value) => value.charAt(0).toUpperCase() + value.slice(1)}
    />,
    <RegionCard
      key="searches"
      title="Searches"
      lead={`${formatCount(searches.searches.current)} searches, ${changeInWords(searches.searches.current, searches.searches.previous)}. The terms searched most, as typed.`}
    >
      <BarChart
        title="Searches: the terms searched most"
        description="Each term's searches, most first. Its visitors, the searches that found nothing and the results its latest search found are in the table below."
        bars={searches.top.map((row) => ({ key: row.term, label: row.term, value: row.searches }))}
        heads={SEARCH_HEADS}
        cells={(_, index) => searchCells(searches.top[index]!)}
      />
      <TableCsv query={query} table="searches" label="searches" />
    </RegionCard>,
    <RegionCard
      key="not-found"
      title="Searches that find nothing"
      lead="What candidates want and the board lacks: the terms whose latest search found no listing, most searched first."
    >
      <BarChart
        title="Searches that find nothing"
        description="Each term that found nothing, by its searches, most first. The numbers are in the table below."
        bars={searches.not_found.map((row) => ({
          key: row.term,
          label: row.term,
          value: row.searches,
        }))}
        heads={SEARCH_HEADS}
        cells={(_, index) => searchCells(searches.not_found[index]!)}
        fill="fill-amber-500"
      />
      <TableCsv query={query} table="not-found" label="searches that find nothing" />
    </RegionCard>,
    <RegionCard
      key="funnel"
      title="Funnel"
      lead={`From a listing live in the range to a hire, by ${SPLIT_LABELS[funnel.by].toLowerCase()}. Median days to first application: ${formatDays(funnel.total.median_days_to_first_application)}.`}
    >
      <FunnelChart row={funnel.total} title="The board's funnel" />
      <FunnelTable
        label={`Funnel by ${SPLIT_LABELS[funnel.by].toLowerCase()}`}
        rows={funnel.rows}
        total={funnel.total}
      />
      <TableCsv query={query} table="funnel" label="funnel" />
    </RegionCard>,
    <AudienceSection key="audience" audience={audience} query={query} />,
  ];
  return <div className="space-y-6">{sections}</div>;
}

function AudienceSection({
  audience,
  query,
}: {
  audience: AnalyticsReport["audience"];
  query: AnalyticsQuery;
}) {
  const series: LineSeries[] = [
    {
      label: "Job alerts",
      values: audience.days.map((day) => day.alerts),
      stroke: "stroke-violet-600",
    },
    {
      label: "Saved searches",
      values: audience.days.map((day) => day.saved_searches),
      stroke: "stroke-emerald-600",
    },
    {
      label: "Newsletter subscribers",
      values: audience.days.map((day) => day.subscribers),
      stroke: "stroke-amber-600",
    },
  ];
  const last = audience.days.at(-1);
  const added = (key: "new_alerts" | "new_saved_searches") =>
    audience.days.reduce((sum, day) => sum + day[key], 0);
  return (
    <RegionCard
      title="Alerts, saved searches and subscribers"
      lead={`Active at the end of each day. ${formatCount(added("new_alerts"))} new job alerts and ${formatCount(added("new_saved_searches"))} new saved searches in the range${last ? `; ${formatCount(last.alerts)} alerts and ${formatCount(last.saved_searches)} saved searches active, and ${formatCount(last.subscribers)} newsletter subscribers, on ${last.day}` : ""}.`}
    >
      <Legend series={series} />
      <LineChart
        title="Job alerts, saved searches and newsletter subscribers by day"
        description="How many job alerts and saved searches were active, and how many confirmed newsletter subscribers there were, at the end of each day. The numbers, with the new ones each day, are in the table below."
        days={audience.days.map((day) => day.day)}
        series={[
          ...series,
          {
            label: "New alerts",
            values: audience.days.map((day) => day.new_alerts),
            stroke: "hidden",
          },
          {
            label: "New saved searches",
            values: audience.days.map((day) => day.new_saved_searches),
            stroke: "hidden",
          },
        ]}
      />
      <TableCsv query={query} table="audience" label="alerts and saved searches" />
    </RegionCard>
  );
}

/** The first error the server gave for `field`, when it refused the range. */
const serverError = (error: unknown, field: "from" | "to" | "by") =>
  hasFieldErrors(error) ? error.errors[field]?.[0] : undefined;

/** The whole screen: the range form, then the report. */
export function AnalyticsDashboard() {
  const router = useRouter();
  const [query, setQuery] = useState<AnalyticsQuery>(() => queryFromAddress(router.query));
  const [draft, setDraft] = useState<AnalyticsQuery>(query);
  const [errors, setErrors] = useState<RangeErrors>({});
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useAnalyticsReport(query);

  const apply = (next: AnalyticsQuery) => {
    const found = checkRange(next);
    setErrors(found);
    setDraft(next);
    if (found.from || found.to) return;
    setQuery(next);
    void router.replace({ pathname: routes.reviewAnalytics, query: next }, undefined, {
      shallow: true,
      scroll: false,
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const fieldError = (field: "from" | "to" | "by") => errors[field] ?? serverError(error, field);

  let report;
  if (isPending) report = <ProfileScreenLoading />;
  else if (isError && !data) {
    report = hasFieldErrors(error) ? null : (
      <LoadFailed what="The report" retry={() => void refetch()} />
    );
  } else if (data) {
    const shown: AnalyticsQuery = { ...data.traffic.range, by: data.funnel.by };
    report = (
      <div className={isPlaceholderData ? "opacity-60" : undefined}>
        <AnalyticsSections report={data} query={shown} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <GatedForm noValidate aria-label="Days of the report" className="space-y-4" onSubmit={submit}>
        <div className="flex flex-wrap items-start gap-4">
          {(["from", "to"] as const).map((field) => (
            <div key={field} className="w-full sm:w-48">
              <TextField
                label={field === "from" ? "From" : "To"}
                name={field}
                type="date"
                value={draft[field]}
                hint="A UTC day"
                error={fieldError(field)}
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              />
            </div>
          ))}
          <div className="w-full sm:w-56">
            <SelectField
              label="Split by"
              name="by"
              value={draft.by}
              hint="The funnel's groups"
              error={fieldError("by")}
              options={FUNNEL_DIMENSIONS.map((value) => ({ value, label: SPLIT_LABELS[value] }))}
              onChange={(event) =>
                setDraft({ ...draft, by: event.target.value as FunnelDimension })
              }
            />
          </div>
          <SubmitButton variant="secondary" className="sm:mt-7">
            Show
          </SubmitButton>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Ranges">
          {RANGE_PRESETS.map((preset) => (
            <Button
              key={preset.label}
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => apply({ ...draft, ...lastDays(preset.days) })}
            >
              {preset.label}
            </Button>
          ))}
        </div>
      </GatedForm>
      <p className="text-sm text-gray-600">
        Days in UTC. The board counts its own visitors: no cookie, no third party, crawlers left
        out, and nobody counted whose browser asks not to be (Do Not Track, Global Privacy Control).
        What the board earned is in the{" "}
        <Link href={routes.reviewRevenue} className="font-medium text-violet-700 hover:underline">
          revenue report
        </Link>{" "}
        (for the roles that reach finance).
      </p>
      {report}
    </div>
  );
}
