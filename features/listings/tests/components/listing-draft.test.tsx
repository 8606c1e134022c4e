import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ListingActions } from "@/features/listings/components/listing-actions";
import { ListingPaymentDue } from "@/features/listings/components/listing-payment-due";
import type { OwnListing } from "@/features/listings/types";
import { fakeApi } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { SEED_OFFER } from "@/tests/support/seed-offer";

/*
 * A held draft on /listings (issue 63): a listing submitted on a paid plan whose checkout was
 * opened and not paid. It says it is a draft not paid yet, with its price, is finished through a
 * new checkout, and can be withdrawn; a renewal waiting for payment keeps its "Pay" button.
 */

const at = "2026-11-20T09:00:00.000Z";

function listing(change: Partial<OwnListing> = {}): OwnListing {
  return {
    id: 52,
    slug: "motion-designer",
    title: "Motion Designer",
    company_name: "Reel Studio",
    plan: "featured",
    state: "awaiting_payment",
    payment_status: "awaiting_payment",
    submitted_at: at,
    published_at: null,
    expires_at: null,
    rejection_reason: null,
    closed_at: null,
    renewable: false,
    needs_countries: false,
    applicants: null,
    edit: null,
    ...change,
  };
}

const renderRow = (own: OwnListing) =>
  renderInApp(
    <>
      <ListingPaymentDue listing={own} offer={SEED_OFFER} />
      <ListingActions listing={own} offer={SEED_OFFER} />
    </>,
    { pathname: "/listings", token: "token-1" },
  );

describe("a held draft on /listings", () => {
  it("says it is a draft not paid yet, with its price, and finishes it through a new checkout", async () => {
    const user = userEvent.setup();
    const checkout = `${window.location.origin}${window.location.pathname}#checkout-cs_test_draft`;
    const api = fakeApi({ payForListing: () => ({ checkout_url: checkout }) });
    renderRow(listing());

    expect(screen.getByText(/Draft: not paid yet\./).parentElement).toHaveTextContent(
      /^Draft: not paid yet\. It goes to review once paid\.$/,
    );
    expect(screen.getByText(/Featured plan: \$349\./)).toBeVisible();
    await user.click(
      screen.getByRole("button", { name: /^Finish and pay \$349\s*for Motion Designer$/ }),
    );
    await waitFor(() => expect(window.location.href).toBe(checkout));
    expect(api.of("payForListing")).toHaveLength(1);
    expect(api.of("payForListing")[0]!.params).toEqual({ listingId: "52" });
    expect(api.problems).toEqual([]);
  });

  it("can be withdrawn, nothing charged", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      withdrawListing: () => ({
        listing: listing({ state: "withdrawn", payment_status: "awaiting_payment", closed_at: at }),
      }),
    });
    renderRow(listing());

    await user.click(screen.getByRole("button", { name: /^Withdraw\s*Motion Designer$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw this listing?" });
    expect(dialog).toHaveTextContent(
      "The draft “Motion Designer” will not be published, and nothing is charged.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Withdraw listing" }));
    await waitFor(() => expect(api.of("withdrawListing")).toHaveLength(1));
    expect(api.problems).toEqual([]);
  });

  it("is no draft when a renewal waits for its payment: it is paid to run on", () => {
    fakeApi({});
    renderRow(listing({ state: "awaiting_payment", published_at: at, expires_at: at }));
    expect(screen.queryByText(/Draft/)).toBeNull();
    expect(screen.getByRole("button", { name: /^Pay \$349\s*for Motion Designer$/ })).toBeVisible();
    expect(screen.getByText("It runs on once paid.")).toBeVisible();
  });

  it("shows nothing to pay once paid", () => {
    fakeApi({});
    renderRow(listing({ state: "in_review", payment_status: "paid" }));
    expect(screen.queryByText(/Draft/)).toBeNull();
    expect(screen.queryByRole("button", { name: /pay/i })).toBeNull();
  });
});
