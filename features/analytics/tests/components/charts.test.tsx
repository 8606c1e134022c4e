import { render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  BarChart,
  isolated,
  LineChart,
  linearScale,
  niceMax,
} from "@/features/analytics/components/charts";

/*
 * The dashboard's charts (issue 65): SVG images named by their title and description, each with
 * the table of its numbers behind it, drawn whole on the server; no NaN whatever the data.
 */

const line = (values: number[]) => [
  { label: "Visitors", values, stroke: "stroke-violet-600" },
  { label: "Views", values: values.map((value) => value * 2), stroke: "stroke-sky-600" },
];

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe("charts", () => {
  it("names a line chart by its title and description, with a table whose rows are its days", () => {
    render(
      <LineChart
        title="Visitors by day"
        description="Each day's visitors and views."
        days={["2026-11-22", "2026-11-23"]}
        series={line([1200, 30])}
      />,
    );
    const chart = screen.getByRole("img", {
      name: "Visitors by day Each day's visitors and views.",
    });
    expect(chart.tagName.toLowerCase()).toBe("svg");
    expect(chart.querySelector("title")).toHaveTextContent("Visitors by day");
    expect(chart.querySelectorAll("polyline")).toHaveLength(2);
    const table = screen.getByRole("table", { name: "Visitors by day" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((head) => head.textContent),
    ).toEqual(["Day", "Visitors", "Views"]);
    expect(rowsOf(table)).toEqual([
      ["2026-11-22", "1,200", "2,400"],
      ["2026-11-23", "30", "60"],
    ]);
  });

  it("names a bar chart, with a table of the same rows in the same order", () => {
    render(
      <BarChart
        title="Searches"
        description="Each term's searches."
        bars={[
          { key: "a", label: "編集者", value: 12 },
          { key: "b", label: "montażysta", value: 5 },
        ]}
        heads={["Search", "Searches", "Visitors"]}
        cells={(bar) => [bar.value, bar.value - 1]}
      />,
    );
    expect(screen.getByRole("img", { name: /^Searches/ }).querySelectorAll("rect")).toHaveLength(4);
    expect(rowsOf(screen.getByRole("table", { name: "Searches" }))).toEqual([
      ["編集者", "12", "11"],
      ["montażysta", "5", "4"],
    ]);
  });

  it.each([
    ["no day", [] as string[], [] as number[]],
    ["one day", ["2026-11-23"], [4]],
    ["all zeros", ["2026-11-21", "2026-11-22", "2026-11-23"], [0, 0, 0]],
  ])("draws %s on the server without NaN", (_, days, values) => {
    const html = renderToString(
      <>
        <LineChart title="Line" description="A line." days={days} series={line(values)} />
        <BarChart
          title="Bars"
          description="Bars."
          bars={values.map((value, index) => ({
            key: String(index),
            label: `Row ${index}`,
            value,
          }))}
          heads={["Row", "Count"]}
        />
      </>,
    );
    expect(html).not.toMatch(/NaN|Infinity/);
    expect(html).toContain("<title");
    expect(html).toContain("<table");
    expect(html).toContain('viewBox="0 0 480 220"');
  });

  it("draws a label typed in Arabic isolated, whole in its table, and cuts a long one between characters", () => {
    const term = "مونتير 4k";
    render(
      <BarChart
        title="Searches"
        description="The terms searched most."
        bars={[{ key: term, label: term, value: 3 }]}
        heads={["Term", "Searches"]}
      />,
    );
    // Drawn between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: right to left as typed.
    const drawn = [...document.querySelectorAll("svg text")].map((text) => text.textContent);
    expect(drawn).toContain(`\u2068${term}\u2069`);
    const row = within(screen.getByRole("table", { hidden: true })).getByRole("rowheader", {
      hidden: true,
    });
    expect(row.querySelector("bdi")).toHaveTextContent(term);
    // 50 emoji (surrogate pairs) are cut to 43 and an ellipsis, never half of one.
    const long = "🎬".repeat(50);
    expect(isolated(long)).toBe(`\u2068${"🎬".repeat(43)}…\u2069`);
  });

  it("scales without dividing by nothing, and rounds the axis's top", () => {
    expect(linearScale([0, 0], [10, 20])(0)).toBe(10);
    expect(linearScale([0, 10], [0, 100])(5)).toBe(50);
    expect(niceMax([])).toBe(1);
    expect(niceMax([0, 0])).toBe(1);
    expect(niceMax([37])).toBe(50);
    expect(niceMax([1200])).toBe(2000);
  });
});
