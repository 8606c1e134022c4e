import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { refuse } from "@/tests/components/fake-api";
import {
  at,
  consoleApi,
  coupon,
  named,
  regionNamed,
  renderPage,
  restoreMocks,
  rowOf,
} from "./offer-console-fixtures";

/*
 * The coupons of the console on /review/offer (issue 63): the table (code, discount in the
 * board's currency, what it applies to, how long, uses against limits, last day, state), the
 * form of a coupon with its errors beside each field (the form's own, then the server's 422),
 * amounts typed in dollars and sent in cents, and retiring one.
 */

afterEach(restoreMocks);

const LAUNCH = coupon({
  id: 1,
  code: "LAUNCH20",
  applies_to: ["sponsored", "sponsored-3"],
  max_redemptions: 100,
  uses: 3,
  expires_at: "2027-01-01T00:00:00.000Z",
  duration: "repeating",
  duration_in_months: 3,
});
const FLAT = coupon({
  id: 2,
  code: "FLAT50",
  kind: "amount",
  percent_bp: null,
  amount_minor: 5_000,
  min_order_minor: 10_000,
  max_redemptions: 1,
  max_per_company: 1,
  first_order_only: true,
  uses: 1,
  state: "used_up",
  duration: "forever",
});
const OLD = coupon({ id: 3, code: "OLD10", percent_bp: 1_000, state: "retired", retired_at: at });
const COUPONS = { coupons: [LAUNCH, FLAT, OLD] };

describe("the coupons on /review/offer", () => {
  it("lists each coupon's discount, products, duration, uses, last day and state", async () => {
    const api = consoleApi({ listCoupons: () => COUPONS });
    renderPage();
    const region = await regionNamed("Coupons");
    await within(region).findByRole("table");
    const launch = rowOf(region, "LAUNCH20");
    expect(launch).toHaveTextContent("20% off");
    expect(launch).toHaveTextContent("Sponsored, 3 Sponsored listings");
    expect(launch).toHaveTextContent("3 months");
    expect(launch).toHaveTextContent("3 of 100");
    expect(launch).toHaveTextContent("Dec 31, 2026");
    expect(launch).toHaveTextContent("Active");
    const flat = rowOf(region, "FLAT50");
    expect(flat).toHaveTextContent("$50 off");
    expect(flat).toHaveTextContent("on orders from $100");
    expect(flat).toHaveTextContent("Everything");
    expect(flat).toHaveTextContent("Every period");
    expect(flat).toHaveTextContent("1 of 1");
    expect(flat).toHaveTextContent("1 a company");
    expect(flat).toHaveTextContent("First order only");
    expect(flat).toHaveTextContent("None");
    expect(flat).toHaveTextContent("Used up");
    // A retired coupon is retired for good: nothing to do with it.
    const old = rowOf(region, "OLD10");
    expect(old).toHaveTextContent("Retired");
    expect(within(old).queryAllByRole("button")).toEqual([]);
    expect(api.problems).toEqual([]);
  });

  it("adds a coupon: amounts typed in dollars and sent in cents, errors beside their fields", async () => {
    const user = userEvent.setup();
    let refused = false;
    const api = consoleApi({
      createCoupon: ({ body }) => {
        if (!refused) {
          refused = true;
          return refuse(422, "Some fields are invalid", {
            code: ["A coupon with this code exists already"],
          });
        }
        return coupon({ ...(body as object), id: 9, code: "WELCOME" } as never);
      },
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Add a coupon" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a coupon" });
    const code = within(dialog).getByRole("textbox", { name: "Code" });
    await user.type(code, "no");
    await user.selectOptions(
      within(dialog).getByRole("combobox", { name: "Discount" }),
      "An amount off (USD)",
    );
    const amount = within(dialog).getByRole("textbox", { name: "Amount off (USD)" });
    await user.type(amount, "twelve");
    // Only what is sold may be ticked: the paid plans, the packs and the subscription plans
    // (issue 63), not the free plan.
    const applies = within(dialog).getByRole("group", { name: "Applies to" });
    expect(
      within(applies)
        .getAllByRole("checkbox")
        .map((box) => box.getAttribute("value")),
    ).toEqual(["sponsored", "sponsored-3", "sponsored-monthly"]);
    expect(
      within(applies).getByRole("checkbox", { name: "Sponsored monthly subscription" }),
    ).toBeInTheDocument();
    await user.click(within(applies).getByRole("checkbox", { name: "Sponsored listings" }));
    await user.selectOptions(
      within(dialog).getByRole("combobox", { name: "On a subscription" }),
      "For some months",
    );
    const uses = within(dialog).getByRole("textbox", { name: "Uses in all (optional)" });
    await user.type(uses, "0");
    await user.click(within(dialog).getByRole("button", { name: "Add coupon" }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription("3 to 32 letters, digits or dashes"),
    );
    expect(amount).toHaveAccessibleDescription("Give the amount as a number, like 199 or 19.50");
    expect(within(dialog).getByRole("textbox", { name: "Months" })).toHaveAccessibleDescription(
      "Give the months it lasts",
    );
    expect(uses).toHaveAccessibleDescription("Give the uses in all as a whole number, 1 or more");
    expect(api.of("createCoupon")).toEqual([]);

    await user.clear(code);
    await user.type(code, "welcome");
    await user.clear(amount);
    await user.type(amount, "12.50");
    await user.type(within(dialog).getByRole("textbox", { name: "Months" }), "3");
    await user.clear(uses);
    await user.type(uses, "100");
    await user.type(
      within(dialog).getByRole("textbox", { name: "Minimum order (optional) (USD)" }),
      "150",
    );
    await user.type(within(dialog).getByLabelText("Last day (optional)"), "2026-12-31");
    await user.click(within(dialog).getByRole("checkbox", { name: /^First order only/ }));
    await user.click(within(dialog).getByRole("button", { name: "Add coupon" }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription("A coupon with this code exists already"),
    );
    expect(amount).not.toHaveAccessibleDescription(/Give the amount/);

    await user.click(within(dialog).getByRole("button", { name: "Add coupon" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const sent = {
      code: "WELCOME",
      kind: "amount",
      percent_bp: null,
      amount_minor: 1_250,
      applies_to: ["sponsored"],
      duration: "repeating",
      duration_in_months: 3,
      expires_at: "2027-01-01T00:00:00.000Z",
      max_redemptions: 100,
      max_per_company: null,
      first_order_only: true,
      min_order_minor: 15_000,
    };
    expect(api.of("createCoupon").map(({ body }) => body)).toEqual([sent, sent]);
    expect(screen.getByText("Added WELCOME: it can be used now.")).toBeVisible();
    expect(api.problems).toEqual([]);
  });

  it("edits a coupon from its values as they stand", async () => {
    const user = userEvent.setup();
    const api = consoleApi({
      listCoupons: () => COUPONS,
      updateCoupon: ({ body }) => ({ ...LAUNCH, ...(body as object) }),
    });
    renderPage();
    const region = await regionNamed("Coupons");
    await user.click(
      within(await within(region).findByRole("table")).getByRole("button", {
        name: named("Edit", "LAUNCH20"),
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: named("Edit", "LAUNCH20") });
    const percent = within(dialog).getByRole("textbox", { name: "Percent off" });
    expect(percent).toHaveValue("20");
    expect(within(dialog).getByRole("textbox", { name: "Months" })).toHaveValue("3");
    expect(within(dialog).getByLabelText("Last day (optional)")).toHaveValue("2026-12-31");
    expect(within(dialog).getByRole("checkbox", { name: "3 Sponsored listings" })).toBeChecked();
    await user.clear(percent);
    await user.type(percent, "12.5%");
    await user.click(within(dialog).getByRole("button", { name: "Save coupon" }));
    await waitFor(() =>
      expect(percent).toHaveAccessibleDescription("Give the percent as a number, like 20 or 12.5"),
    );
    await user.clear(percent);
    await user.type(percent, "12.5");
    await user.click(within(dialog).getByRole("button", { name: "Save coupon" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("updateCoupon").map(({ params, body }) => ({ params, body }))).toEqual([
      {
        params: { couponId: "1" },
        body: expect.objectContaining({
          code: "LAUNCH20",
          kind: "percent",
          percent_bp: 1_250,
          amount_minor: null,
          applies_to: ["sponsored", "sponsored-3"],
          expires_at: "2027-01-01T00:00:00.000Z",
          duration: "repeating",
          duration_in_months: 3,
        }),
      },
    ]);
    expect(screen.getByText("Saved LAUNCH20.")).toBeVisible();
    expect(api.problems).toEqual([]);
  });

  it("retires a coupon after saying it is for good", async () => {
    const user = userEvent.setup();
    const api = consoleApi({
      listCoupons: () => COUPONS,
      retireCoupon: () => ({ ...LAUNCH, state: "retired", retired_at: at }),
    });
    renderPage();
    const region = await regionNamed("Coupons");
    await user.click(
      within(await within(region).findByRole("table")).getByRole("button", {
        name: named("Retire", "LAUNCH20"),
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Retire LAUNCH20?" });
    expect(dialog).toHaveTextContent("it cannot be put back");
    await user.click(within(dialog).getByRole("button", { name: "Retire coupon" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Retired LAUNCH20.")).toBeVisible();
    expect(api.of("retireCoupon").map(({ params }) => params)).toEqual([{ couponId: "1" }]);
    expect(api.problems).toEqual([]);
  });

  it("says a refusal no field holds above the buttons", async () => {
    const user = userEvent.setup();
    const api = consoleApi({
      listCoupons: () => COUPONS,
      updateCoupon: () => refuse(404, "Coupon not found"),
    });
    renderPage();
    const region = await regionNamed("Coupons");
    await user.click(
      within(await within(region).findByRole("table")).getByRole("button", {
        name: named("Edit", "FLAT50"),
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: named("Edit", "FLAT50") });
    expect(within(dialog).getByRole("textbox", { name: "Amount off (USD)" })).toHaveValue("50");
    expect(
      within(dialog).getByRole("textbox", { name: "Minimum order (optional) (USD)" }),
    ).toHaveValue("100");
    await user.click(within(dialog).getByRole("button", { name: "Save coupon" }));
    expect(await within(dialog).findByText("Coupon not found")).toBeVisible();
    expect(api.of("updateCoupon")[0]!.body).toMatchObject({
      kind: "amount",
      amount_minor: 5_000,
      min_order_minor: 10_000,
      duration: "forever",
      duration_in_months: null,
      max_per_company: 1,
      first_order_only: true,
    });
  });
});
