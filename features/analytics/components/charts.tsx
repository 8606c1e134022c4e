import { useId, type ReactNode } from "react";
import { TableFrame } from "@/components/ui/data-table";
import { formatCount } from "@/lib/format";

/*
 * The dashboard's charts (issue 65), drawn as SVG by React: the server's HTML has them, and no
 * script is needed to see them. Each is an image named by its <title> and <desc>, with the table
 * of its numbers behind it (in a <details>, a real table with a caption and headers). The viewBox
 * is fixed, so the chart scales with its box from a phone to a desktop and nothing moves as it
 * loads. No chart library: d3-scale and d3-shape are in the registry, but this worktree may not
 * install packages, and a chart here needs only a linear scale and straight lines.
 */

/**
 * A linear map from `domain` to `range`. A domain of one value (one day, every figure 0) maps to
 * the range's start instead of dividing by nothing, so no NaN reaches the SVG.
 */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
) {
  const span = d1 - d0;
  return (value: number) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** The top of a chart's axis: the largest value, at least 1, rounded up to a round figure. */
export function niceMax(values: readonly number[]): number {
  const top = Math.max(1, ...values.filter(Number.isFinite));
  const step = 10 ** Math.floor(Math.log10(top));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    if (top <= factor * step) return factor * step;
  }
  return 10 * step;
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
/** `2026-11-23` as "Nov 23". */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** The frame of every chart: the image, named, and its table behind it. */
function ChartFrame({
  title,
  description,
  viewBox,
  aspect,
  maxWidth,
  children,
  table,
}: {
  title: string;
  description: string;
  viewBox: string;
  /** The box's aspect ratio, as the viewBox's: kept before the SVG paints. */
  aspect: string;
  /** How wide it grows: the text in it grows with it. */
  maxWidth: string;
  children: ReactNode;
  table: ReactNode;
}) {
  const id = useId();
  return (
    <figure className="space-y-3">
      <div className={`w-full ${maxWidth}`} style={{ aspectRatio: aspect }}>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={viewBox}
          className="block h-full w-full overflow-visible"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {children}
        </svg>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-violet-700 hover:underline">
          The numbers<span className="sr-only"> of {title}</span>
        </summary>
        <TableFrame label={`${title}: the numbers`} className="mt-3">
          {table}
        </TableFrame>
      </details>
    </figure>
  );
}

const captionClass = "py-2 text-left text-sm font-medium text-gray-700";
const thClass = "px-3 py-1.5 font-medium whitespace-nowrap";
const numClass = "px-3 py-1.5 text-right tabular-nums whitespace-nowrap";

/** A plain table of a chart's numbers: a row header, then numeric cells. */
export function NumbersTable({
  caption,
  heads,
  rows,
  empty = "Nothing in this range.",
}: {
  caption: string;
  heads: readonly string[];
  rows: readonly { key: string; label: string; cells: readonly (number | string)[] }[];
  empty?: string;
}) {
  return (
    <table className="min-w-full divide-y divide-gray-200 bg-white text-left text-sm">
      <caption className={captionClass}>{caption}</caption>
      <thead className="bg-gray-50 text-gray-600">
        <tr>
          {heads.map((head, index) => (
            <th key={head} scope="col" className={index === 0 ? thClass : `${thClass} text-right`}>
              {head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {rows.length === 0 ? (
          <tr>
            <td colSpan={heads.length} className="px-3 py-2 text-gray-600">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-3 py-1.5 font-normal break-words text-gray-900">
                <bdi>{row.label}</bdi>
              </th>
              {row.cells.map((cell, index) => (
                <td key={index} className={numClass}>
                  {typeof cell === "number" ? formatCount(cell) : cell}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** One line of a line chart: its name, a value per day, its colour, dashed for the period before. */
export type LineSeries = {
  label: string;
  values: readonly number[];
  /** Tailwind stroke class: the board's colours. */
  stroke: string;
  dashed?: boolean;
};

const LINE = { width: 480, height: 220, left: 44, right: 8, top: 10, bottom: 28 };

/**
 * Figures over days: a line per series (the previous period's dashed, laid over the same days),
 * a y axis from 0, the first and last day under it. One day draws a dot; no day says so.
 */
export function LineChart({
  title,
  description,
  days,
  series,
}: {
  title: string;
  description: string;
  /** The days along the x axis, `2026-11-23`. */
  days: readonly string[];
  series: readonly LineSeries[];
}) {
  const top = niceMax(series.flatMap((line) => line.values));
  const x = linearScale(
    [0, Math.max(days.length - 1, 0)],
    days.length === 1
      ? [(LINE.width + LINE.left - LINE.right) / 2, 0]
      : [LINE.left, LINE.width - LINE.right],
  );
  const y = linearScale([0, top], [LINE.height - LINE.bottom, LINE.top]);
  const ticks = [0, top / 2, top].filter(Number.isInteger);
  const table = (
    <NumbersTable
      caption={title}
      heads={["Day", ...series.map((line) => line.label)]}
      rows={days.map((day, index) => ({
        key: day,
        label: day,
        cells: series.map((line) => line.values[index] ?? 0),
      }))}
    />
  );
  return (
    <ChartFrame
      title={title}
      description={description}
      viewBox={`0 0 ${LINE.width} ${LINE.height}`}
      aspect={`${LINE.width} / ${LINE.height}`}
      maxWidth="max-w-xl"
      table={table}
    >
      <g aria-hidden="true">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={LINE.left}
              x2={LINE.width - LINE.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-gray-200"
              strokeWidth={1}
            />
            <text
              x={LINE.left - 8}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-gray-600 text-[15px]"
            >
              {formatCount(tick)}
            </text>
          </g>
        ))}
        {days.length > 0 && (
          <>
            <text
              x={LINE.left}
              y={LINE.height - 6}
              className="fill-gray-600 text-[15px]"
              textAnchor="start"
            >
              {formatDay(days[0]!)}
            </text>
            {days.length > 1 && (
              <text
                x={LINE.width - LINE.right}
                y={LINE.height - 6}
                className="fill-gray-600 text-[15px]"
                textAnchor="end"
              >
                {formatDay(days.at(-1)!)}
              </text>
            )}
          </>
        )}
        {days.length === 0 && (
          <text
            x={LINE.width / 2}
            y={LINE.height / 2}
            textAnchor="middle"
            className="fill-gray-500 text-[15px]"
          >
            No days in this range
          </text>
        )}
        {series.map((line) => {
          const points = days.map((_, index) => [x(index), y(line.values[index] ?? 0)] as const);
          if (points.length === 1) {
            return (
              <circle
                key={line.label}
                cx={points[0]![0]}
                cy={points[0]![1]}
                r={5}
                className={`fill-white ${line.stroke}`}
                strokeWidth={3}
              />
            );
          }
          return (
            <polyline
              key={line.label}
              points={points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" ")}
              fill="none"
              className={line.stroke}
              strokeWidth={3}
              strokeLinejoin="round"
              strokeLinecap="round"
              strokeDasharray={line.dashed ? "8 6" : undefined}
            />
          );
        })}
      </g>
    </ChartFrame>
  );
}

/** A legend in HTML beside a chart: each series' colour and name, dashed for the period before. */
export function Legend({ series }: { series: readonly LineSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-gray-700" aria-hidden="true">
      {series.map((line) => (
        <li key={line.label} className="flex items-center gap-2">
          <svg viewBox="0 0 24 6" className="h-1.5 w-6" focusable="false">
            <line
              x1={0}
              x2={24}
              y1={3}
              y2={3}
              className={line.stroke}
              strokeWidth={3}
              strokeDasharray={line.dashed ? "5 3" : undefined}
            />
          </svg>
          {line.label}
        </li>
      ))}
    </ul>
  );
}

/** A bar of a bar chart: its name, its figure, and what the figure reads as beside it. */
export type Bar = { key: string; label: string; value: number; note?: string };

/** The longest bar label drawn, in characters (the table behind the chart has it whole). */
const LABEL_MAX = 44;

/**
 * A bar's label as drawn: cut at LABEL_MAX characters (never inside one), and isolated (U+2068
 * FIRST STRONG ISOLATE ... U+2069) so that a term typed in Arabic or Hebrew reads right to left
 * as typed, its Latin or digits in their place, wherever the label starts.
 */
export const isolated = (label: string) => {
  const characters = [...label];
  const cut =
    characters.length > LABEL_MAX ? `${characters.slice(0, LABEL_MAX - 1).join("")}…` : label;
  return `\u2068${cut}\u2069`;
};

const BARS = { width: 400, row: 36, label: 16, bar: 11, pad: 4 };

/**
 * Horizontal bars, one per row in the order given (a ranked table, the funnel's stages): each
 * row's name above its bar, its figure at the bar's end. The table behind has the same rows,
 * with `heads` and `cells` for its columns.
 */
export function BarChart({
  title,
  description,
  bars,
  heads,
  cells,
  fill = "fill-violet-600",
}: {
  title: string;
  description: string;
  bars: readonly Bar[];
  /** The table's column headings: the first is the rows' own. */
  heads: readonly string[];
  /** Each row's cells in the table, after its name (the bar's value by default). */
  cells?: (bar: Bar, index: number) => readonly (number | string)[];
  fill?: string;
}) {
  const rows = Math.max(bars.length, 1);
  const height = rows * BARS.row + BARS.pad;
  const top = Math.max(1, ...bars.map((bar) => bar.value));
  const x = linearScale([0, top], [0, BARS.width * 0.8]);
  const table = (
    <NumbersTable
      caption={title}
      heads={heads}
      rows={bars.map((bar, index) => ({
        key: bar.key,
        label: bar.label,
        cells: cells ? cells(bar, index) : [bar.value],
      }))}
    />
  );
  // Nothing to draw: said in the page's own text, at the page's size (an SVG's text grows with it).
  if (bars.length === 0) {
    return (
      <figure className="space-y-3">
        <figcaption className="sr-only">{title}</figcaption>
        <p className="text-sm text-gray-600">Nothing in this range.</p>
      </figure>
    );
  }
  return (
    <ChartFrame
      title={title}
      description={description}
      viewBox={`0 0 ${BARS.width} ${height}`}
      aspect={`${BARS.width} / ${height}`}
      maxWidth="max-w-lg"
      table={table}
    >
      <g aria-hidden="true">
        {bars.map((bar, index) => {
          const rowTop = index * BARS.row + BARS.pad;
          const width = Math.max(x(bar.value), bar.value > 0 ? 2 : 0);
          return (
            <g key={bar.key}>
              <text x={0} y={rowTop + BARS.label - 3} className="fill-gray-900 text-[14px]">
                {isolated(bar.label)}
              </text>
              <rect
                x={0}
                y={rowTop + BARS.label}
                width={BARS.width * 0.8}
                height={BARS.bar}
                rx={3}
                className="fill-gray-100"
              />
              <rect
                x={0}
                y={rowTop + BARS.label}
                width={width}
                height={BARS.bar}
                rx={3}
                className={fill}
              />
              <text
                x={BARS.width * 0.8 + 6}
                y={rowTop + BARS.label + BARS.bar - 1}
                className="fill-gray-700 text-[13px] tabular-nums"
              >
                {bar.note ?? formatCount(bar.value)}
              </text>
            </g>
          );
        })}
      </g>
    </ChartFrame>
  );
}
