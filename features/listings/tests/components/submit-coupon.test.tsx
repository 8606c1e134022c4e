import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SubmitForm } from "@/features/listings/components/submit-form";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { SEED_OFFER } from "@/tests/support/seed-offer";
import { fillInSubmission } from "./fill-submission";

/*
 * The coupon code on /submit (issue 63): for a paid plan no credit pays, quoted as it is typed
 * (the discount and what is left to pay, on the button too), sent with the listing; a code the
 * server refuses is said under its field.
 */

const credits = (): ApiAnswer<"getCreditBalance"> => ({
  credits: { by_plan: { sponsored: 0, featured: 0 }, next_expiry: null, on_hold: 0 },
});

const quote = (code: string): ApiAnswer<"quoteCoupon"> => ({
  code,
  description: `Discount ${code} (20%)`,
  subtotal_minor: 19_900,
  discount_minor: 3_980,
  total_minor: 15_920,
  currency: "usd",
  duration: "once",
  duration_in_months: null,
});

afterEach(() => vi.restoreAllMocks());

const renderForm = () =>
  renderInApp(<SubmitForm initialPlan="sponsored" offer={SEED_OFFER} />, {
    pathname: "/submit",
    token: "token-1",
  });

const submitButton = () => screen.getByRole("button", { name: /^Submit/ });
const codeField = () => screen.getByRole("textbox", { name: "Coupon code" });

describe("/submit with a coupon code", () => {
  it("quotes the code as it is typed, shows the price left to pay, and sends it", async () => {
    const user = userEvent.setup();
    const checkout = `${window.location.origin}${window.location.pathname}#checkout-cs_coupon`;
    const api = fakeApi({
      getOwnCompany: () => refuse(404, "You have no company yet."),
      getCreditBalance: credits,
      quoteCoupon: ({ body }) => quote(String((body as { code: string }).code).toUpperCase()),
      submitListing: () => ({
        id: 77,
        state: "awaiting_payment",
        payment_status: "awaiting_payment",
        checkout_url: checkout,
        payment_error: null,
      }),
    });
    renderForm();
    expect(submitButton()).toHaveTextContent("Submit and pay $199");
    await user.type(codeField(), "launch20");
    expect(
      await screen.findByText("Discount LAUNCH20 (20%): −$39.80. You pay $159.20 before tax."),
    ).toBeVisible();
    expect(submitButton()).toHaveTextContent("Submit and pay $159.20");
    expect(api.of("quoteCoupon").at(-1)?.body).toEqual({
      code: "launch20",
      product: { kind: "plan", slug: "sponsored" },
    });

    await fillInSubmission(user);
    await user.click(submitButton());
    await waitFor(() => expect(window.location.href).toBe(checkout));
    expect(api.of("submitListing")[0]?.body).toMatchObject({
      plan: "sponsored",
      coupon: "launch20",
    });
    expect(api.problems).toEqual([]);
  });

  it("says why a code does not apply, under the field, and asks for none on the free plan", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getOwnCompany: () => refuse(404, "You have no company yet."),
      getCreditBalance: credits,
      quoteCoupon: () =>
        refuse(422, "Check the fields", {
          coupon: ["This coupon code has expired"],
        }),
    });
    renderForm();
    await user.type(codeField(), "OLD10");
    expect(await screen.findByText("This coupon code has expired")).toBeVisible();
    expect(codeField()).toHaveAttribute("aria-invalid", "true");
    expect(submitButton()).toHaveTextContent("Submit and pay $199");

    const plans = screen.getByRole("radiogroup", { name: "Listing plan" });
    await user.click(within(plans).getByRole("radio", { name: /^Standard/ }));
    expect(screen.queryByRole("textbox", { name: "Coupon code" })).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it.each([
    {
      kind: "a percent",
      code: "LAUNCH20",
      answer: quote("LAUNCH20"),
      off: "−$39.80",
      toPay: "$159.20",
    },
    {
      kind: "an amount",
      code: "FIFTY",
      answer: {
        code: "FIFTY",
        description: "Discount FIFTY ($50)",
        subtotal_minor: 19_900,
        discount_minor: 5_000,
        total_minor: 14_900,
        currency: "usd",
        duration: "once" as const,
        duration_in_months: null,
      },
      off: "−$50",
      toPay: "$149",
    },
  ])("puts $kind coupon's code and the price after it in the preview's To pay", async (row) => {
    const user = userEvent.setup();
    const api = fakeApi({
      getOwnCompany: () => refuse(404, "You have no company yet."),
      getCreditBalance: credits,
      quoteCoupon: () => row.answer,
    });
    renderForm();
    const preview = screen.getByRole("region", { name: "Listing preview" });
    const toPay = () => within(preview).getByText("To pay").nextSibling;
    expect(toPay()).toHaveTextContent("$199");
    await user.type(codeField(), row.code);
    await waitFor(() => expect(toPay()).toHaveTextContent(row.toPay));
    expect(within(preview).getByText(`Coupon ${row.code}`).nextSibling).toHaveTextContent(row.off);
    expect(submitButton()).toHaveTextContent(`Submit and pay ${row.toPay}`);

    await user.clear(codeField());
    await waitFor(() => expect(toPay()).toHaveTextContent("$199"));
    expect(within(preview).queryByText(/^Coupon /)).toBeNull();
    expect(api.problems).toEqual([]);
  });
});
