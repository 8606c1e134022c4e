import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ListingStats } from "@/features/listings/components/listing-stats";
import { listingStatsKey } from "@/features/listings/hooks/use-listing-stats";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { createQueryClient } from "@/lib/query-client";
import { renderInApp } from "@/tests/render";

const day = (n: number) => ({
  day: `2026-11-${String(20 + n).padStart(2, "0")}`,
  views: n * 3,
  apply_clicks: n,
  saves: 0,
  not_interested: 0,
  applications: 0,
});

const answer: ApiAnswer<"getListingStats"> = {
  stats: {
    listing_id: 7,
    apply_method: "link",
    totals: {
      views: 1234,
      apply_clicks: 56,
      saves: 7,
      not_interested: 2,
      applications: 0,
      applications_withdrawn: 0,
    },
    days: [day(0), day(1), day(2), day(3)],
  },
};

/** A listing that takes applications on the board: some came, one was withdrawn since. */
const onBoard: ApiAnswer<"getListingStats"> = {
  stats: {
    ...answer.stats,
    apply_method: "board",
    totals: { ...answer.stats.totals, applications: 12, applications_withdrawn: 1 },
    days: answer.stats.days.map((entry, n) => ({ ...entry, applications: n })),
  },
};

/** The listing's statistics as the API answered them, already in the query cache. */
function renderAnswered(answered = answer) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(listingStatsKey(7), answered);
  return renderInApp(<ListingStats listingId={7} />, {
    pathname: "/listings",
    token: "token-1",
    queryClient,
  });
}

describe("ListingStats", () => {
  it("shows the four figures as text", async () => {
    renderAnswered();
    const section = await screen.findByRole("region", { name: /Statistics/ });
    const figures = within(section)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ["Views", "1,234"],
      ["Apply clicks", "56"],
      ["Saves", "7"],
      ["Not interested", "2"],
    ]);
  });

  it("draws a bar per day, and gives screen readers the days as a table", async () => {
    const { container } = renderAnswered();
    const table = await screen.findByRole("table", { name: "Views and apply clicks per day" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Nov 20", "0", "0"],
      ["Nov 21", "3", "1"],
      ["Nov 22", "6", "2"],
      ["Nov 23", "9", "3"],
    ]);
    const chart = container.querySelector("svg")!;
    expect(chart).toHaveAttribute("aria-hidden", "true");
    // Two bars a day (views, and apply clicks inside them); the busiest day is full height.
    const bars = [...chart.querySelectorAll("rect")];
    expect(bars).toHaveLength(8);
    expect(Number(bars[6]!.getAttribute("height"))).toBe(48);
    expect(Number(bars[0]!.getAttribute("height"))).toBe(0);
    expect(
      screen.getByRole("figure", { name: "Views and apply clicks per day, Nov 20 to today" }),
    ).toBeInTheDocument();
  });

  it("counts the applications on the board beside views and apply clicks, and the withdrawn", async () => {
    const { container } = renderAnswered(onBoard);
    const section = await screen.findByRole("region", { name: /Statistics/ });
    const figures = within(section)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ["Views", "1,234"],
      ["Apply clicks", "56"],
      ["Applications", "12(1 withdrawn)"],
      ["Saves", "7"],
      ["Not interested", "2"],
    ]);
    const table = screen.getByRole("table", {
      name: "Views, apply clicks and applications per day",
    });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Day", "Views", "Apply clicks", "Applications"],
      ["Nov 20", "0", "0", "0"],
      ["Nov 21", "3", "1", "1"],
      ["Nov 22", "6", "2", "2"],
      ["Nov 23", "9", "3", "3"],
    ]);
    // A third bar a day, inside the others.
    expect(container.querySelectorAll("svg rect")).toHaveLength(12);
  });

  it("shows applications for a listing that received some on the board, even taking them elsewhere now", async () => {
    renderAnswered({
      stats: { ...onBoard.stats, apply_method: "email" },
    });
    const section = await screen.findByRole("region", { name: /Statistics/ });
    const terms = within(section)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(terms).toContain("Applications");
  });

  it("holds the chart's place while it loads, the figures dashes", () => {
    renderInApp(<ListingStats listingId={7} />, { pathname: "/listings" });
    expect(screen.getByRole("status")).toHaveTextContent("Loading the statistics…");
    expect(screen.getAllByRole("definition").map((figure) => figure.textContent)).toEqual([
      "–",
      "–",
      "–",
      "–",
    ]);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
