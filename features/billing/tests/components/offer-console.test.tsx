import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import {
  at,
  consoleApi,
  moderator,
  named,
  OFFER,
  renderPage,
  restoreMocks,
  rowOf,
} from "./offer-console-fixtures";

/*
 * The console of what the board sells (issue 63) on /review/offer: the plans and packs as they
 * stand, a plan's form with its errors beside each field (the form's own, then the server's),
 * retiring a plan with its packs, and the currency's warning.
 */

afterEach(restoreMocks);

describe("/review/offer", () => {
  it("lists the plans and packs with their prices and whether they are on sale", async () => {
    consoleApi();
    renderPage();
    const plans = await screen.findByRole("region", { name: "Plans" });
    const sponsored = rowOf(plans, "Sponsored");
    expect(sponsored).toHaveTextContent("$199");
    expect(sponsored).toHaveTextContent("30 days");
    expect(sponsored).toHaveTextContent("Recommended");
    expect(sponsored).toHaveTextContent("On sale");
    expect(rowOf(plans, "Standard")).toHaveTextContent("Free");
    // The free plan is never retired: it has no such button.
    expect(
      within(rowOf(plans, "Standard"))
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Edit Standard"]);
    // Its history in the audit log: who changed it, when.
    expect(
      within(sponsored).getByRole("link", { name: named("History", "of Sponsored") }),
    ).toHaveAttribute("href", "/review?tab=audit&subject_type=plan&subject_id=2");
    expect(rowOf(plans, "Legacy")).toHaveTextContent("Retired");
    expect(
      within(rowOf(plans, "Legacy")).getByRole("button", { name: named("Restore", "Legacy") }),
    ).toBeVisible();
    const packs = screen.getByRole("region", { name: "Packs" });
    expect(rowOf(packs, "3 Sponsored listings")).toHaveTextContent("$499");
    expect(rowOf(packs, "3 Sponsored listings")).toHaveTextContent("12 months");
  });

  it("shows the form's errors beside their fields, then the server's, and saves", async () => {
    const user = userEvent.setup();
    let refused = false;
    const api = consoleApi({
      updateOfferPlan: ({ body }) => {
        if (!refused) {
          refused = true;
          return refuse(422, "Some fields are invalid", {
            price_minor: ["Packs on sale are of this plan: retire them before making it free"],
          });
        }
        return { ...OFFER.plans[1]!, ...(body as object) };
      },
    });
    renderPage();
    const plans = await screen.findByRole("region", { name: "Plans" });
    await user.click(
      within(rowOf(plans, "Sponsored")).getByRole("button", { name: named("Edit", "Sponsored") }),
    );
    const dialog = await screen.findByRole("dialog", { name: named("Edit", "Sponsored") });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    const price = within(dialog).getByRole("textbox", { name: "Price (USD)" });
    const days = within(dialog).getByRole("textbox", { name: "Days listed" });
    expect(price).toHaveValue("199");

    await user.clear(name);
    await user.clear(price);
    await user.type(price, "twelve");
    await user.clear(days);
    await user.type(days, "400");
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    await waitFor(() => expect(name).toHaveAccessibleDescription("Give it a name"));
    expect(price).toHaveAccessibleDescription("Give the price as an amount, like 199 or 19.50");
    expect(days).toHaveAccessibleDescription("A listing stays up at most 365 days");
    expect(api.of("updateOfferPlan")).toEqual([]);

    await user.type(name, "Sponsored plus");
    await user.clear(price);
    await user.type(price, "0");
    await user.clear(days);
    await user.type(days, "45");
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription(
        "Packs on sale are of this plan: retire them before making it free",
      ),
    );
    expect(name).not.toHaveAccessibleDescription("Give it a name");

    await user.clear(price);
    await user.type(price, "249.50");
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("updateOfferPlan").map(({ params, body }) => ({ params, body }))).toEqual([
      {
        params: { slug: "sponsored" },
        body: {
          name: "Sponsored plus",
          price_minor: 0,
          days: 45,
          sponsored: true,
          social_post: false,
          recommended: true,
          summary: "",
          includes: [],
          position: 1,
        },
      },
      {
        params: { slug: "sponsored" },
        body: {
          name: "Sponsored plus",
          price_minor: 24_950,
          days: 45,
          sponsored: true,
          social_post: false,
          recommended: true,
          summary: "",
          includes: [],
          position: 1,
        },
      },
    ]);
    expect(screen.getByText("Saved Sponsored plus.")).toBeVisible();
    expect(api.problems).toEqual([]);
  });

  it("adds a plan, a taken slug said beside its field", async () => {
    const user = userEvent.setup();
    const api = consoleApi({
      createOfferPlan: () =>
        refuse(422, "Some fields are invalid", {
          slug: ["That slug is taken already: choose another"],
        }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Add a plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a plan" });
    const slug = within(dialog).getByRole("textbox", { name: "Slug" });
    await user.type(slug, "Not OK");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Premium");
    await user.type(within(dialog).getByRole("textbox", { name: "Price (USD)" }), "499");
    await user.type(
      within(dialog).getByRole("textbox", { name: "What it includes" }),
      "Everything in Featured{enter}A call with us",
    );
    await user.click(within(dialog).getByRole("button", { name: "Add plan" }));
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription(
        "Use lower-case letters and digits, words joined by single hyphens (like sponsored-plus)",
      ),
    );
    expect(api.of("createOfferPlan")).toEqual([]);

    await user.clear(slug);
    await user.type(slug, "sponsored");
    await user.click(within(dialog).getByRole("button", { name: "Add plan" }));
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription("That slug is taken already: choose another"),
    );
    expect(api.of("createOfferPlan")[0]!.body).toEqual({
      slug: "sponsored",
      name: "Premium",
      price_minor: 49_900,
      days: 30,
      sponsored: false,
      social_post: false,
      recommended: false,
      summary: "",
      includes: ["Everything in Featured", "A call with us"],
    });
    expect(api.problems).toEqual([]);
  });

  it("adds a pack of a paid plan on sale, its errors beside their fields", async () => {
    const user = userEvent.setup();
    const api = consoleApi({
      createOfferPack: () =>
        refuse(422, "Some fields are invalid", {
          plan: ["Sponsored is retired: choose a plan on sale"],
        }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Add a pack" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a pack" });
    const plan = within(dialog).getByRole("combobox", { name: "Plan of its listings" });
    // Only the paid plans on sale: not the free one, not the retired one.
    expect(
      within(plan)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Sponsored ($199)"]);
    await user.type(within(dialog).getByRole("textbox", { name: "Slug" }), "sponsored-5");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "5 Sponsored listings");
    const listings = within(dialog).getByRole("textbox", { name: "Listings" });
    await user.clear(listings);
    await user.type(listings, "0");
    await user.type(within(dialog).getByRole("textbox", { name: "Price (USD)" }), "$7");
    await user.click(within(dialog).getByRole("button", { name: "Add pack" }));
    await waitFor(() =>
      expect(listings).toHaveAccessibleDescription("A pack holds at least 1 listing"),
    );
    expect(
      within(dialog).getByRole("textbox", { name: "Price (USD)" }),
    ).toHaveAccessibleDescription("Give the price as an amount, like 199 or 19.50");
    expect(api.of("createOfferPack")).toEqual([]);

    await user.clear(listings);
    await user.type(listings, "5");
    const price = within(dialog).getByRole("textbox", { name: "Price (USD)" });
    await user.clear(price);
    await user.type(price, "799");
    await user.click(within(dialog).getByRole("button", { name: "Add pack" }));
    await waitFor(() =>
      expect(plan).toHaveAccessibleDescription("Sponsored is retired: choose a plan on sale"),
    );
    expect(api.of("createOfferPack")[0]!.body).toEqual({
      slug: "sponsored-5",
      plan: "sponsored",
      name: "5 Sponsored listings",
      listings: 5,
      price_minor: 79_900,
      credit_months: 12,
    });
    expect(api.problems).toEqual([]);
  });

  it("retires a plan after naming the packs that leave with it", async () => {
    const user = userEvent.setup();
    const api = consoleApi({
      retireOfferPlan: () => ({
        plan: { ...OFFER.plans[1]!, retired_at: at },
        retired_packs: ["sponsored-3"],
        retired_subscription_plans: [],
      }),
    });
    renderPage();
    const plans = await screen.findByRole("region", { name: "Plans" });
    await user.click(
      within(rowOf(plans, "Sponsored")).getByRole("button", { name: named("Retire", "Sponsored") }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Retire Sponsored?" });
    expect(dialog).toHaveTextContent(
      "Its packs on sale are retired with it: 3 Sponsored listings.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Retire plan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Retired Sponsored, and its pack.")).toBeVisible();
    expect(api.of("retireOfferPlan").map(({ params }) => params)).toEqual([{ slug: "sponsored" }]);
  });

  it("warns that a new currency converts no price, and saves the comparison", async () => {
    const user = userEvent.setup();
    const api = consoleApi({
      updateOfferSettings: ({ body }) => ({ ...(body as object), updated_at: at }) as never,
    });
    renderPage();
    const settings = await screen.findByRole("region", { name: "Currency and comparison" });
    await user.selectOptions(within(settings).getByRole("combobox", { name: "Currency" }), "eur");
    expect(settings).toHaveTextContent(
      "Prices are not converted: a plan at 199 USD sells at 199 EUR once the currency changes.",
    );
    const row = within(settings).getByRole("group", { name: "Row 1" });
    await user.click(within(row).getByRole("checkbox", { name: named("Standard", ", row 1") }));
    await user.click(within(settings).getByRole("button", { name: "Add a row" }));
    await user.click(
      within(settings).getByRole("button", { name: "Save currency and comparison" }),
    );
    expect(
      await within(settings).findByRole("textbox", { name: "Feature, row 2" }),
    ).toHaveAccessibleDescription("Give the row's feature, or remove the row");
    expect(api.of("updateOfferSettings")).toEqual([]);
    await user.click(within(settings).getByRole("button", { name: named("Remove", "row 2") }));
    await user.click(
      within(settings).getByRole("button", { name: "Save currency and comparison" }),
    );
    await waitFor(() => expect(api.of("updateOfferSettings")).toHaveLength(1));
    expect(api.of("updateOfferSettings")[0]!.body).toEqual({
      currency: "eur",
      comparison: [{ feature: "Sponsored badge", plans: ["standard", "sponsored"] }],
    });
  });

  it("is for moderators only", async () => {
    const api = fakeApi({ getCurrentUser: () => ({ ...moderator, is_moderator: false }) });
    renderPage();
    expect(await screen.findByRole("heading", { name: "For moderators only" })).toBeVisible();
    expect(api.of("getOfferConsole")).toEqual([]);
  });
});

describe("the recommended plan", () => {
  it("says which plan stops being recommended when another is made so", async () => {
    const user = userEvent.setup();
    const api = consoleApi({
      createOfferPlan: ({ body }) => ({
        ...OFFER.plans[1]!,
        ...(body as object),
        id: 9,
        base: false,
        position: 3,
        retired_at: null,
      }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Add a plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a plan" });
    const recommended = within(dialog).getByRole("checkbox", { name: /^Recommended/ });
    expect(recommended).not.toHaveAccessibleName(/stops being recommended/);
    await user.type(within(dialog).getByRole("textbox", { name: "Slug" }), "premium");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Premium");
    await user.type(within(dialog).getByRole("textbox", { name: "Price (USD)" }), "499");
    await user.click(recommended);
    expect(dialog).toHaveTextContent("Only one plan is: Sponsored stops being recommended.");
    await user.click(within(dialog).getByRole("button", { name: "Add plan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("createOfferPlan")[0]!.body).toMatchObject({ recommended: true });
    expect(
      screen.getByText(
        "Added Premium: on sale now. It is the recommended plan now, instead of Sponsored.",
      ),
    ).toBeVisible();
    expect(api.problems).toEqual([]);
  });
});
