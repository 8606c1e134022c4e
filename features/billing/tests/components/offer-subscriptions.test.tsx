import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { refuse } from "@/tests/components/fake-api";
import {
  at,
  consoleApi,
  named,
  OFFER,
  regionNamed,
  renderPage,
  restoreMocks,
  rowOf,
} from "./offer-console-fixtures";

/*
 * The console's Subscriptions section (issue 63): the subscription plans as they stand, adding
 * one with its errors beside their fields (the form's, then the server's), editing one, and
 * retiring and restoring through the shared dialogs.
 */

afterEach(restoreMocks);

describe("/review/offer's subscriptions", () => {
  it("lists the subscription plans with interval, price, listings, plan, rollover and state", async () => {
    consoleApi();
    renderPage();
    const region = await regionNamed("Subscriptions");
    const monthly = rowOf(region, "Sponsored monthly");
    expect(monthly).toHaveTextContent("Monthly");
    expect(monthly).toHaveTextContent("$499 / month");
    expect(monthly).toHaveTextContent("Sponsored");
    expect(monthly).toHaveTextContent("On sale");
    expect(
      within(monthly).getByRole("link", { name: named("History", "of Sponsored monthly") }),
    ).toHaveAttribute("href", "/review?tab=audit&subject_type=subscription_plan&subject_id=1");
    const yearly = rowOf(region, "Sponsored yearly");
    expect(yearly).toHaveTextContent("Yearly");
    expect(yearly).toHaveTextContent("$4,990 / year");
    expect(yearly).toHaveTextContent("Retired");
    expect(
      within(yearly).getByRole("button", { name: named("Restore", "Sponsored yearly") }),
    ).toBeVisible();
  });

  it("adds a monthly plan of a paid plan on sale, its errors beside their fields", async () => {
    const user = userEvent.setup();
    let refused = false;
    const api = consoleApi({
      createOfferSubscriptionPlan: ({ body }) => {
        if (!refused) {
          refused = true;
          return refuse(422, "Some fields are invalid", {
            slug: ["That slug is taken already: choose another"],
          });
        }
        return { ...OFFER.subscription_plans[0]!, ...(body as object), id: 3 };
      },
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Add a subscription plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a subscription plan" });
    const plan = within(dialog).getByRole("combobox", { name: "Plan of its listings" });
    // Only the paid plans on sale: not the free one, not the retired one.
    expect(
      within(plan)
        .getAllByRole("option")
        .map((option) => option.getAttribute("value")),
    ).toEqual(["sponsored"]);
    const price = within(dialog).getByRole("textbox", { name: "Price (USD)" });
    expect(price).toHaveAccessibleDescription(/Stripe charges that until they change plan/);
    const slug = within(dialog).getByRole("textbox", { name: "Slug" });
    const listings = within(dialog).getByRole("textbox", { name: "Listings each period" });
    await user.type(slug, "Team Monthly");
    await user.type(price, "cheap");
    await user.clear(listings);
    await user.type(listings, "0");
    await user.click(within(dialog).getByRole("button", { name: "Add subscription plan" }));
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription(
        "Use lower-case letters and digits, words joined by single hyphens (like sponsored-plus)",
      ),
    );
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(
      "Give it a name",
    );
    expect(price).toHaveAccessibleDescription("Give the price as an amount, like 199 or 19.50");
    expect(listings).toHaveAccessibleDescription("Each period gives at least 1 listing");
    expect(api.of("createOfferSubscriptionPlan")).toEqual([]);

    await user.clear(slug);
    await user.type(slug, "sponsored-monthly");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Team monthly");
    await user.clear(price);
    await user.type(price, "299");
    await user.clear(listings);
    await user.type(listings, "5");
    await user.click(within(dialog).getByRole("checkbox", { name: /Roll over unused listings/ }));
    await user.click(within(dialog).getByRole("button", { name: "Add subscription plan" }));
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription("That slug is taken already: choose another"),
    );
    await user.clear(slug);
    await user.type(slug, "team-monthly");
    await user.click(within(dialog).getByRole("button", { name: "Add subscription plan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("createOfferSubscriptionPlan").at(-1)!.body).toEqual({
      slug: "team-monthly",
      name: "Team monthly",
      interval: "month",
      price_minor: 29_900,
      listings: 5,
      plan: "sponsored",
      rollover: true,
    });
    expect(screen.getByText("Added Team monthly: on sale now.")).toBeVisible();
    expect(api.problems).toEqual([]);
  });

  it("edits one, and retires and restores through the shared dialog", async () => {
    const user = userEvent.setup();
    const api = consoleApi({
      updateOfferSubscriptionPlan: ({ body }) => ({
        ...OFFER.subscription_plans[0]!,
        ...(body as object),
      }),
      retireOfferSubscriptionPlan: () => ({ ...OFFER.subscription_plans[0]!, retired_at: at }),
      restoreOfferSubscriptionPlan: () => ({ ...OFFER.subscription_plans[1]!, retired_at: null }),
    });
    renderPage();
    const region = await regionNamed("Subscriptions");
    await user.click(
      within(rowOf(region, "Sponsored monthly")).getByRole("button", {
        name: named("Edit", "Sponsored monthly"),
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: named("Edit", "Sponsored monthly") });
    const price = within(dialog).getByRole("textbox", { name: "Price (USD)" });
    expect(price).toHaveValue("499");
    await user.clear(price);
    await user.type(price, "549");
    await user.click(within(dialog).getByRole("button", { name: "Save subscription plan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      api.of("updateOfferSubscriptionPlan").map(({ params, body }) => ({ params, body })),
    ).toEqual([
      {
        params: { slug: "sponsored-monthly" },
        body: {
          name: "Sponsored monthly",
          interval: "month",
          price_minor: 54_900,
          listings: 3,
          plan: "sponsored",
          rollover: false,
          position: 0,
        },
      },
    ]);

    await user.click(
      within(rowOf(region, "Sponsored monthly")).getByRole("button", {
        name: named("Retire", "Sponsored monthly"),
      }),
    );
    const ask = await screen.findByRole("dialog", { name: "Retire Sponsored monthly?" });
    expect(ask).toHaveTextContent("Subscriptions on it now go on");
    await user.click(within(ask).getByRole("button", { name: "Retire subscription plan" }));
    await waitFor(() => expect(screen.getByText("Retired Sponsored monthly.")).toBeVisible());
    expect(api.of("retireOfferSubscriptionPlan")[0]!.params).toEqual({
      slug: "sponsored-monthly",
    });

    await user.click(
      within(rowOf(region, "Sponsored yearly")).getByRole("button", {
        name: named("Restore", "Sponsored yearly"),
      }),
    );
    await waitFor(() =>
      expect(screen.getByText("Sponsored yearly is on sale again.")).toBeVisible(),
    );
    expect(api.of("restoreOfferSubscriptionPlan")[0]!.params).toEqual({
      slug: "sponsored-yearly",
    });
    expect(api.problems).toEqual([]);
  });
});
