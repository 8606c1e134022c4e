import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListingActions } from "@/features/listings/components/listing-actions";
import type { CreditBalance } from "@/features/billing/hooks/use-credit-balance";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import type { OwnListing } from "@/features/listings/types";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { SEED_OFFER } from "@/tests/support/seed-offer";

/*
 * Spending the company's credits on a listing (issue 45), from /listings: renewing a paid plan
 * with a credit, and upgrading a live Standard listing to Sponsored or Featured (with a credit,
 * or paying the difference).
 */

const at = "2026-11-20T09:00:00.000Z";

function listing(change: Partial<OwnListing> = {}): OwnListing {
  return {
    id: 41,
    slug: "video-editor",
    title: "Video Editor",
    company_name: "Reel Studio",
    plan: "standard",
    state: "live",
    payment_status: "none",
    submitted_at: at,
    published_at: at,
    expires_at: "2026-12-20T09:00:00.000Z",
    rejection_reason: null,
    closed_at: null,
    renewable: false,
    needs_countries: false,
    applicants: null,
    edit: null,
    ...change,
  };
}

const balance = (sponsored: number, featured: number): { credits: CreditBalance } => ({
  credits: {
    by_plan: { sponsored, featured },
    next_expiry: sponsored + featured > 0 ? at : null,
    on_hold: 0,
  },
});

const answer = (change: Partial<OwnListing>): ApiAnswer<"upgradeListing"> => ({
  listing: listing(change),
  checkout_url: null,
});

afterEach(() => vi.restoreAllMocks());

const renderActions = (own: OwnListing) =>
  renderInApp(<ListingActions listing={own} offer={SEED_OFFER} />, {
    pathname: "/listings",
    token: "token-1",
  });

describe("upgrading a live Standard listing", () => {
  it("offers Sponsored or Featured at the difference, and spends a credit when one is left", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCreditBalance: () => balance(0, 2),
      upgradeListing: ({ body }) =>
        answer({ plan: (body as { plan: "sponsored" | "featured" }).plan }),
    });
    renderActions(listing());
    await waitFor(() => expect(api.of("getCreditBalance")).toHaveLength(1));

    await user.click(screen.getByRole("button", { name: /^Upgrade\s*Video Editor$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Upgrade “Video Editor”?" });
    expect(dialog).toHaveTextContent("until Dec 20, 2026");
    const plans = within(dialog).getByRole("group", { name: "New plan" });
    expect(within(plans).getByRole("radio", { name: "Sponsored ($199)" })).toBeChecked();
    // No Sponsored credit: it pays, and nothing asks.
    expect(within(dialog).queryByRole("group", { name: "How to pay" })).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Upgrade and pay $199" })).toBeVisible();

    await user.click(within(plans).getByRole("radio", { name: "Featured ($349)" }));
    const payment = within(dialog).getByRole("group", { name: "How to pay" });
    expect(within(payment).getByRole("radio", { name: "Use a credit (2 left)" })).toBeChecked();
    expect(within(payment).getByRole("radio", { name: "Pay now ($349)" })).not.toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Upgrade with a credit" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("upgradeListing").map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { listingId: "41" }, body: { plan: "featured", use_credit: true } },
    ]);
    // The balance is read again after spending.
    await waitFor(() => expect(api.of("getCreditBalance")).toHaveLength(2));
    expect(api.problems).toEqual([]);
  });

  it("pays the difference when asked to, and says a refusal in the dialog", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCreditBalance: () => balance(1, 0),
      upgradeListing: () =>
        refuse(409, "This listing is no longer live, so it cannot be upgraded."),
    });
    renderActions(listing());
    await waitFor(() => expect(api.of("getCreditBalance")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: /^Upgrade\s*Video Editor$/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("radio", { name: "Pay now ($199)" }));
    await user.click(within(dialog).getByRole("button", { name: "Upgrade and pay $199" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This listing is no longer live, so it cannot be upgraded.",
    );
    expect(api.of("upgradeListing").map(({ body }) => body)).toEqual([
      { plan: "sponsored", use_credit: false },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("offers a Sponsored listing only the dearer Featured, at the difference", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ getCreditBalance: () => balance(0, 0) });
    renderActions(listing({ plan: "sponsored" }));
    await user.click(screen.getByRole("button", { name: /^Upgrade\s*Video Editor$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Upgrade “Video Editor”?" });
    expect(dialog).toHaveTextContent("You pay the difference from Sponsored.");
    const plans = within(dialog).getByRole("group", { name: "New plan" });
    expect(
      within(plans)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["featured"]);
    expect(within(plans).getByRole("radio", { name: "Featured ($150)" })).toBeChecked();
    expect(api.problems).toEqual([]);
  });

  it("is not offered on the dearest plan, nor asks for credits there is nothing to spend on", async () => {
    const api = fakeApi({});
    renderActions(listing({ plan: "featured" }));
    expect(screen.queryByRole("button", { name: /Upgrade/ })).toBeNull();
    expect(screen.getByRole("button", { name: /Mark filled/ })).toBeVisible();
    expect(api.sent).toEqual([]);
  });
});

describe("renewing a paid listing", () => {
  const renewable = listing({
    plan: "sponsored",
    renewable: true,
    expires_at: "2026-11-25T09:00:00.000Z",
  });

  it("renews with a credit of its plan when one is left", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCreditBalance: () => balance(3, 0),
      renewListing: () => answer({ plan: "sponsored", renewable: false }),
    });
    renderActions(renewable);
    await waitFor(() => expect(api.of("getCreditBalance")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: /^Renew\s*Video Editor$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Renew this listing?" });
    expect(dialog).toHaveTextContent("One of your Sponsored credits pays for it");
    expect(within(dialog).getByRole("radio", { name: "Use a credit (3 left)" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Renew with a credit" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("renewListing").map(({ body }) => body)).toEqual([{ use_credit: true }]);
    expect(api.problems).toEqual([]);
  });

  it("pays as before when the company has no credit of its plan", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCreditBalance: () => balance(0, 4),
      renewListing: () => answer({ plan: "sponsored", renewable: false }),
    });
    renderActions(renewable);
    await waitFor(() => expect(api.of("getCreditBalance")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: /^Renew\s*Video Editor$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Renew this listing?" });
    expect(dialog).toHaveTextContent("You pay $199 again");
    expect(within(dialog).queryByRole("radio")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Renew and pay $199" }));
    await waitFor(() => expect(api.of("renewListing")).toHaveLength(1));
    expect(api.of("renewListing")[0]!.body).toBeUndefined();
    expect(api.problems).toEqual([]);
  });

  it("takes a coupon code, quoted as it is typed, and says a refusal under it (issue 63)", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCreditBalance: () => balance(0, 0),
      quoteCoupon: () => ({
        code: "RENEW50",
        description: "Discount RENEW50 (50%)",
        subtotal_minor: 19_900,
        discount_minor: 9_950,
        total_minor: 9_950,
        duration: "once",
        duration_in_months: null,
        currency: "usd",
      }),
      renewListing: () =>
        refuse(422, "Check the fields", { coupon: ["This coupon code has been used up"] }),
    });
    renderActions(renewable);
    await waitFor(() => expect(api.of("getCreditBalance")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: /^Renew\s*Video Editor$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Renew this listing?" });
    await user.type(within(dialog).getByRole("textbox", { name: "Coupon code" }), "renew50");
    const confirm = await within(dialog).findByRole("button", { name: "Renew and pay $99.50" });
    expect(dialog).toHaveTextContent("You pay $99.50 again");
    expect(api.of("quoteCoupon").at(-1)?.body).toEqual({
      code: "renew50",
      product: { kind: "plan", slug: "sponsored" },
    });
    await user.click(confirm);
    expect(await within(dialog).findByText("This coupon code has been used up")).toBeVisible();
    expect(api.of("renewListing").map(({ body }) => body)).toEqual([{ coupon: "renew50" }]);
    expect(api.problems).toEqual([]);
  });
});
