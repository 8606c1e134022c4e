import { useId } from "react";

/** A bar: its label, its length, what it says at its end, and (in the table) what it counts. */
export type BarDatum = { label: string; value: number; display: string; count?: string };

const ROW = 32;
const LABEL_WIDTH = 200;
const BAR_WIDTH = 300;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 80;

/**
 * A horizontal bar chart as SVG: the picture is one image with a text alternative, and the
 * numbers are in the table next to it, so nothing is only in the picture. Its height comes from
 * its row count, so it takes its space before it paints. With `countHeading`, the table says
 * what each figure counts in a column of its own (the bars' ends say only the figure, which
 * fits). Without a bar to draw (every figure zero or unknown), only the table is shown.
 */
export function BarChart({
  title,
  data,
  valueHeading,
  countHeading,
}: {
  title: string;
  data: BarDatum[];
  valueHeading: string;
  countHeading?: string;
}) {
  const id = useId();
  const max = Math.max(1, ...data.map((datum) => datum.value));
  const height = data.length * ROW;
  const summary = data.map((datum) => `${datum.label} ${datum.display}`).join(", ");
  const drawn = data.some((datum) => datum.value > 0);
  return (
    <figure className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <figcaption
        id={`${id}-title`}
        className="text-base font-semibold text-gray-900 lg:col-span-2"
      >
        {title}
      </figcaption>
      {drawn && (
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="h-auto w-full"
        >
          <desc id={`${id}-desc`}>{summary}</desc>
          {data.map((datum, index) => {
            const y = index * ROW;
            const width = (datum.value / max) * BAR_WIDTH;
            return (
              <g key={datum.label} aria-hidden="true">
                <text
                  x={LABEL_WIDTH - 10}
                  y={y + ROW / 2}
                  textAnchor="end"
                  dominantBaseline="central"
                  className="fill-gray-700 text-[15px]"
                >
                  {datum.label}
                </text>
                <rect
                  x={LABEL_WIDTH}
                  y={y + 6}
                  width={Math.max(width, datum.value > 0 ? 2 : 0)}
                  height={ROW - 12}
                  rx={4}
                  className="fill-violet-500"
                />
                <text
                  x={LABEL_WIDTH + width + 8}
                  y={y + ROW / 2}
                  dominantBaseline="central"
                  className="fill-gray-900 text-[15px] font-medium"
                >
                  {datum.display}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      <table className="w-full self-start text-sm">
        <thead>
          <tr className="border-b border-gray-200 text-left text-gray-500">
            <th scope="col" className="py-2 font-medium">
              {title}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {valueHeading}
            </th>
            {countHeading && (
              <th scope="col" className="py-2 pl-4 text-right font-medium">
                {countHeading}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.map((datum) => (
            <tr key={datum.label} className="border-b border-gray-100">
              <th scope="row" className="py-1.5 text-left font-normal text-gray-700">
                {datum.label}
              </th>
              <td className="py-1.5 text-right font-medium text-gray-900 tabular-nums">
                {datum.display}
              </td>
              {countHeading && (
                <td className="py-1.5 pl-4 text-right text-gray-700 tabular-nums">{datum.count}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
