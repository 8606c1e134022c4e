import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeInWords, checkRange } from "@/features/analytics/components/analytics-dashboard";
import { lastDays } from "@/features/analytics/days";
import {
  EmployerFunnel,
  EmployerFunnelReport,
} from "@/features/analytics/components/employer-funnel";
import ReviewAnalyticsPage from "@/pages/review/analytics";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { moderatorUser } from "@/tests/fixtures/moderator";
import { currentUserKeys } from "@/hooks/use-current-user";
import { renderInApp } from "@/tests/render";
import { FUNNEL, REPORT } from "./analytics-fixtures";

const saved = vi.hoisted(() => [] as { name: string; text: Promise<string> }[]);
vi.mock("@/lib/save-file", () => ({
  saveFile: (blob: Blob, name: string) => saved.push({ name, text: blob.text() }),
}));

/*
 * /review/analytics (issue 65): the range from the address, every section from one report, a
 * range refused beside its field (the form's check, then the server's), a table as CSV; and the
 * employer's funnel beside the board's medians.
 */

const moderator = moderatorUser();
const ADDRESS = "/review/analytics?from=2026-11-21&to=2026-11-23&by=department";

afterEach(() => {
  vi.restoreAllMocks();
  saved.length = 0;
});

const renderPage = (pathname = ADDRESS) =>
  renderInApp(<ReviewAnalyticsPage />, { pathname, token: "token-1" });

const rowOf = (region: HTMLElement, text: string) =>
  within(region)
    .getAllByRole("row")
    .find((row) => row.textContent?.includes(text))!;

const SECTIONS = [
  "Visitors",
  "Sources",
  "Top pages",
  "Landing pages",
  "Devices",
  "Searches",
  "Searches that find nothing",
  "Funnel",
  "Alerts, saved searches and subscribers",
];

describe("/review/analytics", () => {
  it("asks for the address's range and shows every section of the report", async () => {
    const api = fakeApi({ getCurrentUser: () => moderator, getAnalyticsReport: () => REPORT });
    renderPage();
    const visitors = await screen.findByRole("region", { name: "Visitors" });
    expect(api.of("getAnalyticsReport").map(({ query }) => query)).toEqual([
      { from: "2026-11-21", to: "2026-11-23", by: "department" },
    ]);
    expect(api.problems).toEqual([]);
    for (const name of SECTIONS) expect(screen.getByRole("region", { name })).toBeVisible();
    expect(screen.getByLabelText("From")).toHaveValue("2026-11-21");
    expect(screen.getByLabelText("To")).toHaveValue("2026-11-23");

    // Figures with their change in words and numbers.
    expect(visitors).toHaveTextContent("up 50% from 80 before");
    expect(visitors).toHaveTextContent("about the same as the 300 before");
    // The period before, dashed, as well as this one's lines.
    const chart = within(visitors).getByRole("img", { name: /^Visitors and views by day/ });
    expect(chart.querySelectorAll("polyline[stroke-dasharray]")).toHaveLength(2);
    expect(rowOf(within(visitors).getByRole("table"), "2026-11-22").textContent).toBe(
      "2026-11-225011030100",
    );

    const searches = screen.getByRole("region", { name: "Searches" });
    expect(rowOf(searches, "編集者")).toHaveTextContent("編集者12904");
    expect(rowOf(searches, "محرر فيديو")).toBeDefined();
    const none = screen.getByRole("region", { name: "Searches that find nothing" });
    expect(none).toHaveTextContent("What candidates want and the board lacks");
    expect(rowOf(none, "montażysta")).toHaveTextContent("montażysta5450");

    const funnel = screen.getByRole("region", { name: "Funnel" });
    expect(
      rowOf(within(funnel).getByRole("table", { name: "Funnel by department" }), "Video"),
    ).toHaveTextContent("Video32003012411.5 d");
    expect(funnel).toHaveTextContent("Median days to first application: 2 d");
    expect(screen.getByRole("link", { name: "revenue report" })).toHaveAttribute(
      "href",
      "/review/revenue",
    );
  });

  it("waits for the address when the account comes before the router has read it", async () => {
    const api = fakeApi({ getCurrentUser: () => moderator, getAnalyticsReport: () => REPORT });
    const { routerReady, queryClient } = renderInApp(<ReviewAnalyticsPage />, {
      pathname: "/review/analytics?from=2026-11-20&to=2026-11-10",
      token: "token-1",
      routerLate: true,
    });
    // The account has come; the address has not: no form to start from defaults, nothing asked.
    await waitFor(() => expect(queryClient.getQueryData(currentUserKeys.all)).toBeDefined());
    expect(screen.queryByLabelText("To")).toBeNull();
    expect(api.of("getAnalyticsReport")).toEqual([]);
    await routerReady();
    expect(await screen.findByLabelText("To")).toHaveValue("2026-11-10");
    expect(screen.getByLabelText("From")).toHaveValue("2026-11-20");
  });

  it("shows a range refused beside its field, the form's check first, then the server's", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCurrentUser: () => moderator,
      getAnalyticsReport: ({ query }) =>
        query.from === "2024-01-01"
          ? refuse(422, "Some fields are invalid", { to: ["Keep the range to 366 days or fewer"] })
          : REPORT,
    });
    const { replaces } = renderPage();
    await screen.findByRole("region", { name: "Visitors" });
    const from = screen.getByLabelText("From");
    const to = screen.getByLabelText("To");

    fireEvent.change(from, { target: { value: "2026-11-25" } });
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(to).toHaveAccessibleDescription("End the range on or after its start");
    expect(api.of("getAnalyticsReport")).toHaveLength(1);
    expect(replaces).toEqual([]);

    // 2024 is 366 days: the form lets it through, and the server refuses it (its word shows).
    fireEvent.change(from, { target: { value: "2024-01-01" } });
    fireEvent.change(to, { target: { value: "2024-12-31" } });
    await user.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() =>
      expect(to).toHaveAccessibleDescription("Keep the range to 366 days or fewer"),
    );
    expect(from).toHaveAccessibleDescription("A UTC day");
    // The range goes in the address, so a reload keeps it.
    expect(replaces).toHaveLength(1);
    expect(replaces[0]).toMatchObject({
      pathname: "/review/analytics",
      query: { from: "2024-01-01", to: "2024-12-31", by: "department" },
    });
  });

  it("takes a preset and a split into the request and the address", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ getCurrentUser: () => moderator, getAnalyticsReport: () => REPORT });
    const { replaces } = renderPage();
    await screen.findByRole("region", { name: "Visitors" });
    await user.selectOptions(screen.getByLabelText("Split by"), "region");
    await user.click(screen.getByRole("button", { name: "Last 30 days" }));
    const expected = { ...lastDays(30), by: "region" };
    await waitFor(() => expect(api.of("getAnalyticsReport").at(-1)?.query).toEqual(expected));
    expect(replaces.at(-1)).toMatchObject({ query: expected });
  });

  it("downloads a table as CSV, for the range shown", async () => {
    const user = userEvent.setup();
    const csv = "term,searches\r\nmontażysta,5\r\n";
    const api = fakeApi({
      getCurrentUser: () => moderator,
      getAnalyticsReport: () => REPORT,
      getAnalyticsCsv: () => new Blob([csv], { type: "text/csv" }),
    });
    renderPage();
    const none = await screen.findByRole("region", { name: "Searches that find nothing" });
    await user.click(
      within(none).getByRole("button", { name: "Download CSV: searches that find nothing" }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.of("getAnalyticsCsv").map(({ query }) => query)).toEqual([
      { from: "2026-11-21", to: "2026-11-23", by: "department", table: "not-found" },
    ]);
    expect(saved[0]!.name).toBe("analytics-not-found-2026-11-21-2026-11-23.csv");
    expect(await saved[0]!.text).toBe(csv);
  });

  it("tells a role that does not reach insights that the page is not theirs", async () => {
    fakeApi({
      getCurrentUser: () => moderatorUser({ board_role: "moderator", board_areas: ["listings"] }),
    });
    renderPage();
    expect(await screen.findByText("Not for your role")).toBeVisible();
  });

  it("checks ranges and words changes", () => {
    expect(checkRange({ from: "2026-11-23", to: "2026-11-21" }).to).toMatch(
      /on or after its start/,
    );
    expect(checkRange({ from: "2025-01-01", to: "2026-01-02" }).to).toMatch(/366 days or fewer/);
    expect(checkRange({ from: "2025-1-1", to: "2026-01-02" }).from).toMatch(/YYYY-MM-DD/);
    expect(checkRange({ from: "2026-11-21", to: "2026-11-21" })).toEqual({});
    expect(changeInWords(5, 0)).toBe("none in the period before");
    expect(changeInWords(0, 0)).toBe("none in the period before either");
    expect(changeInWords(50, 100)).toBe("down 50% from 100 before");
  });
});

describe("the employer's funnel", () => {
  it("shows each listing beside the board's median, and where applicants came from", () => {
    render(<EmployerFunnelReport funnel={FUNNEL} />);
    const table = screen.getByRole("table", { name: /beside the board's median/ });
    expect(rowOf(table, "Video Editor")).toHaveTextContent(
      "Video Editor#4160board: 4563board: 2102 dboard: 3.5 d",
    );
    expect(screen.getByRole("img", { name: /^Your company's funnel/ })).toBeInTheDocument();
    const sources = screen.getByRole("table", { name: "Where your applicants came from" });
    expect(rowOf(sources, "news.ycombinator.com")).toHaveTextContent("news.ycombinator.com3");
    expect(rowOf(sources, "direct")).toHaveTextContent("direct1");
  });

  it("asks for the last 30 days, then for the period the employer chooses", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ getEmployerFunnel: () => FUNNEL });
    renderInApp(<EmployerFunnel />, { pathname: "/listings", token: "token-1" });
    await screen.findByRole("table", { name: /beside the board's median/ });
    expect(api.of("getEmployerFunnel").map(({ query }) => query)).toEqual([lastDays(30)]);
    await user.selectOptions(screen.getByLabelText("Period"), "Last 90 days");
    await waitFor(() => expect(api.of("getEmployerFunnel").at(-1)?.query).toEqual(lastDays(90)));
    // The last answer stays while the next comes: the card keeps its height.
    expect(screen.getByRole("table", { name: /beside the board's median/ })).toBeVisible();
  });
});
