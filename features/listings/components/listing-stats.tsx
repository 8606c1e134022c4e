import { useId } from "react";
import { useListingStats } from "@/features/listings/hooks/use-listing-stats";
import { formatCount } from "@/lib/format";
import type { ListingStats as Stats, ListingStatsDay } from "@/features/listings/stats-schemas";

/*
 * A listing's statistics for its employer: its figures, and a small bar chart of each day's
 * views and apply clicks (and, for a listing that takes applications on the board, the
 * applications received). Every state (loading, failed, loaded) takes the same height, so a list
 * of listings does not move as their figures arrive. No chart library: a few SVG bars.
 */

type Figure = "views" | "apply_clicks" | "saves" | "not_interested" | "applications";

const FIGURES: readonly { key: Figure; label: string }[] = [
  { key: "views", label: "Views" },
  { key: "apply_clicks", label: "Apply clicks" },
  { key: "applications", label: "Applications" },
  { key: "saves", label: "Saves" },
  { key: "not_interested", label: "Not interested" },
];

/**
 * Applications are shown for a listing that takes them on the board, or received some while it
 * did: a listing that takes them at a link or by email cannot get any, and a 0 there would
 * read as nobody applying.
 */
const showsApplications = (stats: Stats) =>
  stats.apply_method === "board" || stats.totals.applications > 0;

const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

const CHART_HEIGHT = 48;
const SLOT = 10;
/** The chart always has room for 30 days: a new listing's few days are narrow bars, not a wall. */
const CHART_DAYS = 30;

/**
 * The bars: views, inside each the day's apply clicks, darker, and inside those, when shown, the
 * day's applications, darkest. Hidden from screen readers.
 */
function DailyBars({ days, applications }: { days: ListingStatsDay[]; applications: boolean }) {
  const top = Math.max(
    1,
    ...days.map((day) =>
      Math.max(day.views, day.apply_clicks, applications ? day.applications : 0),
    ),
  );
  const height = (count: number) => (count / top) * CHART_HEIGHT;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${Math.max(days.length, CHART_DAYS) * SLOT} ${CHART_HEIGHT}`}
      preserveAspectRatio="none"
      className="block h-12 w-full"
    >
      <line
        x1={0}
        x2={Math.max(days.length, CHART_DAYS) * SLOT}
        y1={CHART_HEIGHT - 0.5}
        y2={CHART_HEIGHT - 0.5}
        className="stroke-gray-200"
        vectorEffect="non-scaling-stroke"
      />
      {days.map((day, index) => {
        // One day's bar of `count`, `inset` narrower on each side than the day's slot.
        const bar = (count: number, inset: number, className: string) => (
          <rect
            x={index * SLOT + inset}
            width={SLOT - 2 * inset}
            y={CHART_HEIGHT - height(count)}
            height={height(count)}
            className={className}
          />
        );
        return (
          <g key={day.day}>
            {bar(day.views, 1, "fill-violet-300")}
            {bar(day.apply_clicks, 2.5, "fill-violet-700")}
            {applications && bar(day.applications, 3.75, "fill-gray-900")}
          </g>
        );
      })}
    </svg>
  );
}

function LegendEntry({ swatch, label }: { swatch: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className={`inline-block size-2 rounded-sm ${swatch}`} />
      {label}
    </span>
  );
}

function Chart({ stats, titleId }: { stats: Stats; titleId: string }) {
  const { days } = stats;
  const first = days[0];
  const applications = showsApplications(stats);
  const title = applications
    ? "Views, apply clicks and applications per day"
    : "Views and apply clicks per day";
  return (
    <figure className="mt-3" aria-labelledby={titleId}>
      <DailyBars days={days} applications={applications} />
      {/* The figure's caption is its last child (HTML allows it first or last only). */}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
            <th scope="col">Apply clicks</th>
            {applications && <th scope="col">Applications</th>}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th>
              <td>{formatCount(day.views)}</td>
              <td>{formatCount(day.apply_clicks)}</td>
              {applications && <td>{formatCount(day.applications)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="mt-1 flex items-center justify-between gap-2 text-xs text-gray-500">
        <span id={titleId} className="sr-only">
          {`${title}${first ? `, ${formatDay(first.day)} to today` : ""}`}
        </span>
        {/* The legend, for the eye: the label above says it in words. */}
        <span aria-hidden="true" className="flex items-center gap-3">
          <LegendEntry swatch="bg-violet-300" label="Views" />
          <LegendEntry swatch="bg-violet-700" label="Apply clicks" />
          {applications && <LegendEntry swatch="bg-gray-900" label="Applications" />}
        </span>
        {first && <span aria-hidden="true">{formatDay(first.day)} – today</span>}
      </figcaption>
    </figure>
  );
}

function Figures({ stats }: { stats: Stats | undefined }) {
  const applications = stats !== undefined && showsApplications(stats);
  const shown = FIGURES.filter(({ key }) => key !== "applications" || applications);
  const withdrawn = stats?.totals.applications_withdrawn ?? 0;
  return (
    // Five figures take three columns on a phone, so that they take two rows, as four do.
    <dl
      className={`grid gap-x-4 gap-y-2 ${applications ? "grid-cols-3 sm:grid-cols-5" : "grid-cols-2 sm:grid-cols-4"}`}
    >
      {shown.map(({ key, label }) => (
        <div key={key}>
          <dt className="text-xs text-gray-500">{label}</dt>
          <dd className="text-lg font-semibold text-gray-900 tabular-nums">
            {stats ? formatCount(stats.totals[key]) : "–"}
            {key === "applications" && withdrawn > 0 && (
              <span className="ml-1 text-xs font-normal text-gray-500">
                ({formatCount(withdrawn)} withdrawn)
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The statistics of one of the signed-in employer's listings (their own only). */
export function ListingStats({ listingId }: { listingId: number }) {
  const { data: stats, isError, isFetching, refetch } = useListingStats(listingId);
  const headingId = useId();
  const titleId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-gray-100 pt-4">
      <h3 id={headingId} className="text-sm font-medium text-gray-900">
        Statistics <span className="font-normal text-gray-500">· since posted</span>
      </h3>
      <div className="mt-2" aria-busy={!stats && !isError}>
        <Figures stats={stats} />
        {stats ? (
          <Chart stats={stats} titleId={titleId} />
        ) : (
          // The chart's place, the same height, while it loads or after it failed.
          <div className="mt-3 flex h-17 items-center justify-center rounded-lg bg-gray-50 text-sm text-gray-600">
            {isError ? (
              <p role="alert" className="flex items-center gap-3">
                The statistics could not be loaded.
                <button
                  type="button"
                  className="font-medium text-violet-700 hover:underline disabled:text-gray-400"
                  disabled={isFetching}
                  onClick={() => void refetch()}
                >
                  Try again
                </button>
              </p>
            ) : (
              <p role="status">
                <span className="sr-only">Loading the statistics…</span>
                <span
                  aria-hidden="true"
                  className="block h-10 w-64 animate-pulse rounded bg-gray-200/70"
                />
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
