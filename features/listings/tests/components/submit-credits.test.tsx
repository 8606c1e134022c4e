import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SubmitForm } from "@/features/listings/components/submit-form";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { TRANSFER_UNAVAILABLE } from "@/features/billing/labels";
import type { ListingPlanId } from "@/features/billing/offer";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { SEED_OFFER } from "@/tests/support/seed-offer";
import { fillInSubmission } from "./fill-submission";

/*
 * /submit with the company's credits (issue 45): a signed-in employer whose company holds a
 * credit of the paid plan chosen may spend it instead of paying. Until the balance has come, or
 * without a credit, the form pays as before.
 */

const receipt = (change: Partial<ApiAnswer<"submitListing">> = {}): ApiAnswer<"submitListing"> => ({
  id: 77,
  state: "in_review",
  payment_status: "paid",
  checkout_url: null,
  payment_error: null,
  ...change,
});

const credits = (sponsored: number, featured: number): ApiAnswer<"getCreditBalance"> => ({
  credits: { by_plan: { sponsored, featured }, next_expiry: null, on_hold: 0 },
});

afterEach(() => vi.restoreAllMocks());

/** Someone who has not posted before: no company to fill the form with (404). */
const noCompany = () => refuse(404, "You have no company yet.");

const renderForm = (plan: ListingPlanId, token: string | null = "token-1") =>
  renderInApp(<SubmitForm initialPlan={plan} offer={SEED_OFFER} />, { pathname: "/submit", token });

const submitButton = () => screen.getByRole("button", { name: /^Submit/ });

describe("/submit with credits", () => {
  it("offers a credit of the chosen plan, spends it, and says so", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getOwnCompany: noCompany,
      getCreditBalance: () => credits(2, 0),
      submitListing: () => receipt(),
    });
    renderForm("sponsored");

    const payment = await screen.findByRole("group", { name: "How to pay" });
    expect(within(payment).getByRole("radio", { name: "Use a credit (2 left)" })).toBeChecked();
    expect(within(payment).getByRole("radio", { name: "Pay now ($199)" })).not.toBeChecked();
    expect(submitButton()).toHaveTextContent("Submit and use a credit");

    await fillInSubmission(user);
    await user.click(submitButton());
    expect(
      await screen.findByRole("heading", { name: "Thanks! Your listing is in" }),
    ).toBeVisible();
    expect(screen.getByText(/One of your Sponsored credits pays for it/)).toBeVisible();
    const [sent] = api.of("submitListing");
    expect(sent?.body).toMatchObject({ plan: "sponsored", use_credit: true });
    expect(api.problems).toEqual([]);
  });

  it("pays when the employer says so, and goes to the payment page", async () => {
    const user = userEvent.setup();
    const checkout = `${window.location.origin}${window.location.pathname}#checkout-cs_test_2`;
    const api = fakeApi({
      getOwnCompany: noCompany,
      getCreditBalance: () => credits(0, 1),
      submitListing: () => receipt({ state: "awaiting_payment", checkout_url: checkout }),
    });
    renderForm("featured");

    const payment = await screen.findByRole("group", { name: "How to pay" });
    await user.click(within(payment).getByRole("radio", { name: "Pay now ($349)" }));
    expect(submitButton()).toHaveTextContent("Submit and pay $349");
    await fillInSubmission(user);
    await user.click(submitButton());
    await waitFor(() => expect(window.location.href).toBe(checkout));
    expect(api.of("submitListing")[0]?.body).toMatchObject({ plan: "featured", use_credit: false });
    expect(api.problems).toEqual([]);
  });

  it("says why when the credit went meanwhile, and then offers only to pay", async () => {
    const user = userEvent.setup();
    const toasted = vi.spyOn(toast, "error");
    let left = 1;
    const api = fakeApi({
      getOwnCompany: noCompany,
      getCreditBalance: () => credits(left, 0),
      submitListing: () => {
        left = 0;
        return refuse(409, "No Sponsored credit is left: a teammate used the last one.");
      },
    });
    renderForm("sponsored");
    await screen.findByRole("group", { name: "How to pay" });
    await fillInSubmission(user);
    await user.click(submitButton());

    expect(
      await screen.findByText("No Sponsored credit is left: a teammate used the last one."),
    ).toHaveAttribute("role", "status");
    await waitFor(() => expect(screen.queryByRole("group", { name: "How to pay" })).toBeNull());
    expect(submitButton()).toHaveTextContent("Submit and pay $199");
    expect(toasted).not.toHaveBeenCalled();
    expect(api.of("getCreditBalance")).toHaveLength(2);
    expect(api.problems).toEqual([]);
  });

  it("says why a paid plan cannot go on an invoice while the board's bank details are not set", async () => {
    const user = userEvent.setup();
    const toasted = vi.spyOn(toast, "error");
    // The server's 409 (issue 61): no invoice that could not say where to pay.
    const api = fakeApi({
      getOwnCompany: noCompany,
      getCreditBalance: () => credits(0, 0),
      submitListing: () => refuse(409, TRANSFER_UNAVAILABLE),
    });
    renderForm("sponsored");
    await waitFor(() => expect(api.of("getCreditBalance")).toHaveLength(1));
    await fillInSubmission(user);
    await user.click(submitButton());
    expect(await screen.findByText(TRANSFER_UNAVAILABLE)).toHaveAttribute("role", "status");
    expect(toasted).not.toHaveBeenCalled();
    expect(api.problems).toEqual([]);
  });

  it("asks nothing for a plan the company has no credit of, nor for the free plan", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getOwnCompany: noCompany,
      getCreditBalance: () => credits(0, 3),
      submitListing: () => receipt(),
    });
    renderForm("sponsored");
    await waitFor(() => expect(api.of("getCreditBalance")).toHaveLength(1));
    expect(screen.queryByRole("group", { name: "How to pay" })).toBeNull();
    expect(submitButton()).toHaveTextContent("Submit and pay $199");

    const plans = screen.getByRole("radiogroup", { name: "Listing plan" });
    await user.click(within(plans).getByRole("radio", { name: /^Featured/ }));
    expect(await screen.findByRole("group", { name: "How to pay" })).toHaveTextContent(
      "Use a credit (3 left)",
    );
    await user.click(within(plans).getByRole("radio", { name: /^Standard/ }));
    expect(screen.queryByRole("group", { name: "How to pay" })).toBeNull();
    expect(submitButton()).toHaveTextContent("Submit for review");

    await fillInSubmission(user);
    await user.click(submitButton());
    await screen.findByRole("heading", { name: "Thanks! Your listing is in" });
    expect(api.of("submitListing")[0]?.body).not.toHaveProperty("use_credit");
    // One read of the balance served every plan.
    expect(api.of("getCreditBalance")).toHaveLength(1);
    expect(api.problems).toEqual([]);
  });

  it("asks for no balance before the employer has signed in", () => {
    const api = fakeApi({});
    renderForm("sponsored", null);
    expect(submitButton()).toHaveTextContent("Submit and pay $199");
    expect(screen.queryByRole("group", { name: "How to pay" })).toBeNull();
    expect(api.sent).toEqual([]);
  });

  it("says a credit pays in the price panel, and the price once the employer pays (issue 61)", async () => {
    const user = userEvent.setup();
    fakeApi({ getOwnCompany: noCompany, getCreditBalance: () => credits(1, 0) });
    renderForm("sponsored");
    const panel = screen.getByRole("region", { name: "Listing preview" });
    const payment = await screen.findByRole("group", { name: "How to pay" });
    expect(within(panel).getByText("To pay").nextSibling).toHaveTextContent("$0");
    expect(panel).toHaveTextContent("Paid with1 Sponsored credit");
    await user.click(within(payment).getByRole("radio", { name: "Pay now ($199)" }));
    expect(within(panel).getByText("To pay").nextSibling).toHaveTextContent("$199");
    expect(panel).not.toHaveTextContent("credit");
  });
});

describe("/submit for a returning employer (issue 61)", () => {
  it("fills in their company as the board has it", async () => {
    fakeApi({
      getOwnCompany: () => ({
        company: {
          id: 4,
          slug: "reel-studio",
          name: "Reel Studio",
          website: "https://reel.example",
          logo_url: null,
          about: "Short films for creators.",
        },
      }),
      getCreditBalance: () => credits(0, 0),
    });
    renderForm("standard");
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Company name" })).toHaveValue("Reel Studio"),
    );
    expect(screen.getByRole("textbox", { name: "Website" })).toHaveValue("https://reel.example");
    expect(screen.getByRole("textbox", { name: "About the company" })).toHaveValue(
      "Short films for creators.",
    );
  });
});
