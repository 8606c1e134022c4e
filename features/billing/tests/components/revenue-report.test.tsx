import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RevenueAnswer } from "@/features/billing/hooks/use-revenue";
import type { RevenueProductRow } from "@/features/billing/revenue-schemas";
import ReviewRevenuePage from "@/pages/review/revenue";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { moderatorUser } from "@/tests/fixtures/moderator";
import { renderInApp } from "@/tests/render";

const saved = vi.hoisted(() => [] as { name: string; text: Promise<string> }[]);
vi.mock("@/lib/save-file", () => ({
  saveFile: (blob: Blob, name: string) => saved.push({ name, text: blob.text() }),
}));

/*
 * /review/revenue (issue 63): the last 12 months by default, the tables by product, coupon and
 * month with their totals, a range refused beside its field (the form's check, then the
 * server's), and a table downloaded as CSV.
 */

const NOW = new Date("2026-03-15T12:00:00.000Z");

const sums = {
  currency: "usd",
  count: 1,
  net_minor: 0,
  tax_minor: 0,
  gross_minor: 0,
  paid_minor: 0,
  outstanding_minor: 0,
  overdue_minor: 0,
  refunded_minor: 0,
  balance_minor: 0,
};

const product = (change: Partial<RevenueProductRow>): RevenueProductRow => ({
  ...sums,
  month: "2026-02",
  kind: "plan",
  slug: "sponsored",
  name: "Sponsored",
  ...change,
});

const featured = product({
  slug: "featured",
  name: "إعلان مميّز",
  net_minor: 34_900,
  tax_minor: 6_631,
  gross_minor: 41_531,
  refunded_minor: 41_531,
});
const pack = product({
  kind: "pack",
  slug: "sponsored-3",
  name: "Pakiet 3 ogłoszeń",
  net_minor: 49_900,
  tax_minor: 9_481,
  gross_minor: 59_381,
  paid_minor: 59_381,
  balance_minor: 59_381,
});
const launch = product({
  kind: "coupon",
  slug: "LAUNCH20",
  name: "LAUNCH20",
  net_minor: -9_980,
  tax_minor: -1_896,
  gross_minor: -11_876,
  paid_minor: -11_876,
  balance_minor: -11_876,
});
const february = {
  ...sums,
  month: "2026-02",
  count: 2,
  net_minor: 74_820,
  tax_minor: 14_216,
  gross_minor: 89_036,
  paid_minor: 47_505,
  refunded_minor: 41_531,
  balance_minor: 47_505,
};

const REPORT: RevenueAnswer = {
  from: "2025-04",
  to: "2026-03",
  products: {
    rows: [featured, pack],
    totals: [
      { ...featured, month: null },
      { ...pack, month: null },
    ],
  },
  coupons: { rows: [launch], totals: [{ ...launch, month: null }] },
  months: { rows: [february], totals: [{ ...february, month: null }] },
};

const moderator = moderatorUser();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  saved.length = 0;
});

const renderPage = () =>
  renderInApp(<ReviewRevenuePage />, { pathname: "/review/revenue", token: "token-1" });

const rowOf = (region: HTMLElement, text: string) =>
  within(region)
    .getAllByRole("row")
    .find((row) => row.textContent?.includes(text))!;

describe("/review/revenue", () => {
  it("asks for the last 12 months and shows each table with its totals", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const api = fakeApi({ getCurrentUser: () => moderator, getRevenueReport: () => REPORT });
    renderPage();
    const products = await screen.findByRole("region", { name: "By product" });
    expect(api.of("getRevenueReport").map(({ query }) => query)).toEqual([
      { from: "2025-04", to: "2026-03" },
    ]);
    expect(screen.getByLabelText("From")).toHaveValue("2025-04");
    expect(screen.getByLabelText("To")).toHaveValue("2026-03");

    const row = rowOf(products, "Pakiet 3 ogłoszeń");
    expect(within(row).getByRole("rowheader")).toHaveTextContent("Feb 2026");
    expect(row).toHaveTextContent("$499.00");
    expect(row).toHaveTextContent("$593.81");
    const arabic = rowOf(products, "إعلان مميّز");
    expect(arabic).toHaveTextContent("Listing");
    // Refunded in full: a balance of nothing.
    expect(within(arabic).getAllByRole("cell").at(-1)).toHaveTextContent("$0.00");
    // The totals over the range, in the table's foot.
    const totals = within(products)
      .getAllByRole("row")
      .filter((entry) => within(entry).queryByRole("rowheader")?.textContent === "Total");
    expect(totals).toHaveLength(2);

    const coupons = screen.getByRole("region", { name: "Coupons" });
    expect(rowOf(coupons, "LAUNCH20")).toHaveTextContent("-$99.80");
    const months = screen.getByRole("region", { name: "By month" });
    expect(rowOf(months, "Feb 2026")).toHaveTextContent("$890.36");
    expect(rowOf(months, "Total")).toHaveTextContent("$890.36");
  });

  it("shows a range refused beside its field, the form's check first, then the server's", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCurrentUser: () => moderator,
      getRevenueReport: ({ query }) =>
        query.from === "2016-01"
          ? refuse(422, "Some fields are invalid", {
              to: ["Keep the range to 120 months or fewer"],
            })
          : REPORT,
    });
    renderPage();
    await screen.findByRole("region", { name: "By product" });
    const from = screen.getByLabelText("From");
    const to = screen.getByLabelText("To");

    await user.clear(from);
    await user.type(from, "2026-13");
    await user.clear(to);
    await user.type(to, "2026-01");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(from).toHaveAccessibleDescription("Give the first month as YYYY-MM, like 2026-03");
    const asked = api.of("getRevenueReport").length;

    await user.clear(from);
    await user.type(from, "2026-02");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(to).toHaveAccessibleDescription("End the range on or after its start");
    expect(api.of("getRevenueReport")).toHaveLength(asked);

    // 2016-01 to 2025-12 is 120 months: the form lets it through, and the server refuses it.
    await user.clear(from);
    await user.type(from, "2016-01");
    await user.clear(to);
    await user.type(to, "2025-12");
    await user.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() =>
      expect(to).toHaveAccessibleDescription("Keep the range to 120 months or fewer"),
    );
    expect(api.of("getRevenueReport").at(-1)?.query).toEqual({ from: "2016-01", to: "2025-12" });
    expect(from).toHaveAccessibleDescription("Year and month: 2026-01");
  });

  it("downloads a table as CSV, for the range shown", async () => {
    const user = userEvent.setup();
    const csv = 'month,kind,slug,name\r\n2026-02,plan,sponsored,"Sponsored, ""Plus"""\r\n';
    const api = fakeApi({
      getCurrentUser: () => moderator,
      getRevenueReport: () => REPORT,
      getRevenueCsv: () => new Blob([csv], { type: "text/csv" }),
    });
    renderPage();
    const coupons = await screen.findByRole("region", { name: "Coupons" });
    await user.click(within(coupons).getByRole("button", { name: "Download CSV: coupons" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.of("getRevenueCsv").map(({ query }) => query)).toEqual([
      { from: "2025-04", to: "2026-03", table: "coupons" },
    ]);
    expect(saved[0]!.name).toBe("revenue-coupons-2025-04-2026-03.csv");
    expect(await saved[0]!.text).toBe(csv);
  });

  it("tells anyone but a moderator that the report is not theirs", async () => {
    fakeApi({ getCurrentUser: () => ({ ...moderator, is_moderator: false }) });
    renderPage();
    expect(await screen.findByText("For moderators only")).toBeVisible();
  });
});
