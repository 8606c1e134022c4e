import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type {
  BillingOverview,
  InvoiceSummary,
  ListingCredit,
} from "@/features/billing/hooks/use-billing";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import BillingPage from "@/pages/listings/billing";
import PricingPage from "@/pages/pricing";
import { SEED_OFFER } from "@/tests/support/seed-offer";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";

/*
 * Billing for employers (issue 45): /listings/billing's credits, packs and invoices, each PDF
 * fetched with the token, packs bought by card or bank transfer; /pricing's packs, served
 * whole. The API is the app's own client against a fake fetch that holds to lib/api's schemas.
 */

const at = "2026-11-20T09:00:00.000Z";

function invoice(change: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 12,
    kind: "invoice",
    number: "2026-000012",
    purpose: "listing",
    status: "due",
    description: "Sponsored listing: Video Editor",
    issued_at: at,
    due_at: "2026-12-04T09:00:00.000Z",
    paid_at: null,
    currency: "usd",
    subtotal_minor: 19_900,
    tax_minor: 3_781,
    total_minor: 23_681,
    credited_minor: 0,
    credits_invoice: null,
    refund_status: "none",
    job_id: 41,
    pdf_url: "/api/company/invoices/12/pdf",
    ...change,
  };
}

function credit(change: Partial<ListingCredit> = {}): ListingCredit {
  return {
    id: 1,
    plan: "sponsored",
    state: "available",
    purchased_at: at,
    expires_at: "2027-11-20T09:00:00.000Z",
    invoice_number: "2026-000010",
    spent_at: null,
    job_id: null,
    job_title: null,
    returned: false,
    ...change,
  };
}

const overview = (change: Partial<BillingOverview> = {}): BillingOverview => ({
  invoices: [
    invoice(),
    invoice({
      id: 13,
      kind: "credit_note",
      number: "CN-2026-000004",
      purpose: "pack",
      status: "issued",
      description: "3 Sponsored listings",
      due_at: null,
      total_minor: -49_900,
      credited_minor: 0,
      subtotal_minor: -49_900,
      tax_minor: 0,
      credits_invoice: "2026-000011",
      refund_status: "succeeded",
      job_id: null,
      pdf_url: "/api/company/invoices/13/pdf",
    }),
    invoice({
      id: 11,
      number: "2026-000011",
      purpose: "pack",
      status: "credited",
      description: "3 Sponsored listings",
      total_minor: 49_900,
      credited_minor: 0,
      job_id: null,
      pdf_url: "/api/company/invoices/11/pdf",
    }),
  ],
  credits: [
    credit(),
    credit({ id: 2, returned: true }),
    credit({ id: 3, state: "spent", spent_at: at, job_id: 41, job_title: "Video Editor" }),
    credit({ id: 4, plan: "featured", expires_at: "2027-03-01T00:00:00.000Z" }),
  ],
  balance: {
    by_plan: { sponsored: 2, featured: 1 },
    next_expiry: "2027-03-01T00:00:00.000Z",
    on_hold: 0,
  },
  payment: { pays_by: "transfer", terms_days: 14, transfer_ready: true },
  standing: {
    limit_minor: 0,
    outstanding_minor: 0,
    overdue_minor: 0,
    in_use_minor: 0,
    overdue_invoice: null,
  },
  offer: SEED_OFFER,
  ...change,
});

const details: ApiAnswer<"getBillingDetails"> = { billing: null };
const contact: ApiAnswer<"getBillingContact"> = { contact: { email: null } };

/** The seeded subscription plans (issue 63), none taken. */
const SUBSCRIPTION_PLANS: ApiAnswer<"getSubscription">["plans"] = [
  {
    id: "sponsored-monthly",
    name: "Sponsored monthly",
    interval: "month",
    price_minor: 49_900,
    listings: 3,
    plan: "sponsored",
    rollover: false,
    retired: false,
  },
  {
    id: "sponsored-yearly",
    name: "Sponsored yearly",
    interval: "year",
    price_minor: 499_000,
    listings: 40,
    plan: "sponsored",
    rollover: true,
    retired: false,
  },
];
const noSubscription: ApiAnswer<"getSubscription"> = {
  subscription: null,
  plans: SUBSCRIPTION_PLANS,
};

/** The company subscribed to the monthly plan on invoice, 2 of its 3 listings left. */
const subscribed = (
  change: Partial<NonNullable<ApiAnswer<"getSubscription">["subscription"]>> = {},
): ApiAnswer<"getSubscription"> => ({
  plans: SUBSCRIPTION_PLANS,
  subscription: {
    id: 7,
    plan: SUBSCRIPTION_PLANS[0]!,
    status: "active",
    pays_by: "transfer",
    current_period_start: "2026-12-03T00:00:00.000Z",
    current_period_end: "2027-01-03T00:00:00.000Z",
    cancel_at_period_end: false,
    canceled_at: null,
    coupon: null,
    period_credits: { given: 3, spent: 1, left: 2 },
    next_plan: null,
    past_due: null,
    ...change,
  },
});

/** The page's API: no billing details, no subscription, the overview; `answers` on top. */
const billingApi = (answers: Parameters<typeof fakeApi>[0]) =>
  fakeApi({
    getBillingDetails: () => details,
    getBillingContact: () => contact,
    getSubscription: () => noSubscription,
    getBilling: () => overview(),
    ...answers,
  });

/** The page's address, for a payment page that the test can follow (jsdom moves only by hash). */
const samePage = (hash: string) =>
  `${window.location.origin}${window.location.pathname}${window.location.search}#${hash}`;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:invoice");
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

const renderBilling = () =>
  renderInApp(<BillingPage />, { pathname: "/listings/billing", token: "token-1" });

describe("/listings/billing", () => {
  it("shows the subscription's plan, what it gives and what is left this period", async () => {
    fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => subscribed(),
      getBilling: () => overview(),
    });
    renderBilling();
    const panel = await screen.findByRole("region", { name: "Subscription" });
    expect(await within(panel).findByText("Sponsored monthly · $499 a month")).toBeInTheDocument();
    expect(
      within(panel).getByText(
        "3 Sponsored listings a month, unused ones expire at the month's end.",
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText("2 of 3 left (1 used)")).toBeInTheDocument();
    // The other plan is of another interval: a change at once, the unused days credited.
    expect(within(panel).getByRole("button", { name: /Change to this plan/ })).toBeInTheDocument();
    expect(within(panel).getByText(/a new year starts today/)).toBeInTheDocument();
    expect(
      within(panel).getByRole("button", { name: "Cancel at the period's end" }),
    ).toBeInTheDocument();
  });

  it("says which invoice a past-due subscription waits for and when it ends", async () => {
    billingApi({
      getSubscription: () =>
        subscribed({
          status: "past_due",
          period_credits: { given: 3, spent: 0, left: 3 },
          past_due: {
            invoice_id: 12,
            invoice_number: "2026-0012",
            amount_minor: 49_900,
            currency: "usd",
            due_at: "2026-12-17T00:00:00.000Z",
            ends_at: "2026-12-31T00:00:00.000Z",
          },
        }),
    });
    renderBilling();
    const panel = await screen.findByRole("region", { name: "Subscription" });
    expect(
      await within(panel).findByText(
        /Invoice 2026-0012 of \$499\.00 was due on Dec 17, 2026 and is not paid\. Pay it by Dec 31, 2026/,
      ),
    ).toBeInTheDocument();
  });

  it("takes a coupon code when subscribing, quoted under each plan with how long it lasts (issue 63)", async () => {
    const user = userEvent.setup();
    const api = billingApi({
      quoteCoupon: (request) =>
        (request.body as { product: { slug: string } }).product.slug === "sponsored-monthly"
          ? {
              code: "LAUNCH20",
              description: "Discount LAUNCH20 (20%)",
              subtotal_minor: 49_900,
              discount_minor: 9_980,
              total_minor: 39_920,
              currency: "usd",
              duration: "repeating",
              duration_in_months: 3,
            }
          : refuse(422, "Some fields are invalid", {
              coupon: ["This coupon code does not apply to this product"],
            }),
      startSubscription: () =>
        refuse(422, "Some fields are invalid", {
          coupon_code: ["This coupon code was already used by your company"],
        }),
    });
    renderBilling();
    const panel = await screen.findByRole("region", { name: "Subscription" });
    await user.type(within(panel).getByRole("textbox", { name: "Coupon code" }), "launch20");
    expect(
      await within(panel).findByText(
        "With LAUNCH20: $399.20 before tax (−$99.80), the first 3 months.",
      ),
    ).toBeInTheDocument();
    expect(
      await within(panel).findByText("LAUNCH20: This coupon code does not apply to this product."),
    ).toBeInTheDocument();
    await user.click(
      within(panel).getByRole("button", { name: /^Subscribe\s*Sponsored monthly$/ }),
    );
    await waitFor(() =>
      expect(
        within(panel).getByRole("textbox", { name: "Coupon code" }),
      ).toHaveAccessibleDescription(/already used by your company/),
    );
    expect(api.of("startSubscription")[0]?.body).toEqual({
      plan: "sponsored-monthly",
      coupon_code: "launch20",
    });
  });

  it("shows the subscription's coupon and until when it discounts (issue 63)", async () => {
    billingApi({
      getSubscription: () =>
        subscribed({
          pays_by: "card",
          coupon: {
            code: "LAUNCH20",
            description: "Discount LAUNCH20 (20%)",
            duration: "repeating",
            ends_at: "2027-03-03T00:00:00.000Z",
          },
        }),
    });
    renderBilling();
    const panel = await screen.findByRole("region", { name: "Subscription" });
    expect(
      await within(panel).findByText(
        "Discount LAUNCH20 (20%), on each period that begins before Mar 3, 2027",
      ),
    ).toBeInTheDocument();
    // A running subscription takes no code.
    expect(within(panel).queryByRole("textbox", { name: "Coupon code" })).toBeNull();
  });

  it("shows the credits, the invoices and how the company pays, and saves a PDF with the token", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () => overview(),
      getInvoicePdf: () => new Blob(["%PDF-1.7 invoice 12"], { type: "application/pdf" }),
    });
    const saved = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderBilling();

    const credits = await screen.findByRole("region", { name: "Credits" });
    expect(credits).toHaveTextContent("2 Sponsored credits, 1 Featured");
    expect(credits).toHaveTextContent("The next one expires on Mar 1, 2027.");
    const rows = within(within(credits).getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "SponsoredNov 20, 2026Nov 20, 2027AvailableNot used",
      "SponsoredNov 20, 2026Nov 20, 2027AvailableGiven back: its listing was not approvedNot used",
      "SponsoredNov 20, 2026Nov 20, 2027UsedVideo Editor",
      "FeaturedNov 20, 2026Mar 1, 2027AvailableNot used",
    ]);
    expect(within(credits).getByRole("link", { name: "Video Editor" })).toHaveAttribute(
      "href",
      "/listings?listing=41",
    );

    const invoices = screen.getByRole("region", { name: "Invoices" });
    expect(invoices).toHaveTextContent("Pays by bank transfer within 14 days.");
    const [due, note, credited] = within(within(invoices).getByRole("table"))
      .getAllByRole("row")
      .slice(1);
    expect(due).toHaveTextContent("2026-000012");
    expect(due).toHaveTextContent("Sponsored listing: Video Editor");
    expect(due).toHaveTextContent("$236.81");
    expect(due).toHaveTextContent("Due by Dec 4, 2026");
    expect(note).toHaveTextContent("Credit note for 2026-000011");
    expect(note).toHaveTextContent("-$499.00");
    expect(note).toHaveTextContent("Refunded");
    expect(credited).toHaveTextContent("Credited");

    // The packs sit between them, each with its own Buy button.
    const packs = screen.getByRole("region", { name: "Packs" });
    expect(packs).toHaveAttribute("id", "packs");
    expect(within(packs).getAllByRole("button", { name: /^Buy/ })).toHaveLength(4);

    await user.click(within(due!).getByRole("button", { name: /^PDF\s*of 2026-000012$/ }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const link = saved.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe("invoice-2026-000012.pdf");
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe("%PDF-1.7 invoice 12");
    const [pdf] = api.of("getInvoicePdf");
    expect(pdf?.params).toEqual({ invoiceId: "12" });
    expect(pdf?.headers.authorization).toBe("Bearer token-1");
    expect(api.problems).toEqual([]);
  });

  it("says which credits wait for payment, and that an overdue invoice holds them all", async () => {
    fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () =>
        overview({
          credits: [credit({ state: "on_hold" })],
          balance: { by_plan: { sponsored: 0, featured: 0 }, next_expiry: null, on_hold: 3 },
          standing: {
            limit_minor: 20_000,
            outstanding_minor: 49_900,
            overdue_minor: 0,
            in_use_minor: 16_634,
            overdue_invoice: null,
          },
        }),
    });
    const { unmount } = renderBilling();
    const credits = await screen.findByRole("region", { name: "Credits" });
    expect(within(credits).getByRole("note")).toHaveTextContent(
      "3 more credits can be used once their packs are paid: your company may use $200.00 before paying, and uses $166.34.",
    );
    expect(within(within(credits).getByRole("table")).getAllByRole("row")[1]).toHaveTextContent(
      "Waits for payment",
    );
    unmount();

    fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () =>
        overview({
          balance: { by_plan: { sponsored: 0, featured: 0 }, next_expiry: null, on_hold: 4 },
          standing: {
            limit_minor: 0,
            outstanding_minor: 34_900,
            overdue_minor: 34_900,
            in_use_minor: 0,
            overdue_invoice: "2026-000009",
          },
        }),
    });
    renderBilling();
    const held = await screen.findByRole("region", { name: "Credits" });
    expect(within(held).getByRole("note")).toHaveTextContent(
      "Invoice 2026-000009 is overdue. Until it is paid, your credits, upgrades and orders on invoice wait.",
    );
  });

  it("buys a pack by bank transfer after asking, and says the invoice and the new balance", async () => {
    const user = userEvent.setup();
    let bought = false;
    const api = fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () =>
        bought
          ? overview({
              invoices: [invoice({ id: 14, number: "2026-000014", purpose: "pack" })],
              balance: {
                by_plan: { sponsored: 5, featured: 1 },
                next_expiry: "2027-03-01T00:00:00.000Z",
                on_hold: 0,
              },
            })
          : overview(),
      buyPack: () => {
        bought = true;
        return {
          checkout_url: null,
          invoice: invoice({
            id: 14,
            number: "2026-000014",
            purpose: "pack",
            description: "3 Sponsored listings",
            total_minor: 59_381,
            credited_minor: 0,
          }),
          balance: {
            by_plan: { sponsored: 5, featured: 1 },
            next_expiry: "2027-03-01T00:00:00.000Z",
            on_hold: 0,
          },
        };
      },
    });
    renderBilling();

    const packs = await screen.findByRole("region", { name: "Packs" });
    expect(packs).toHaveTextContent(
      "We email you an invoice, its PDF attached, to pay by bank transfer within 14 days",
    );
    const sponsored3 = within(packs).getAllByRole("listitem")[0]!;
    expect(sponsored3).toHaveTextContent("3 Sponsored listings");
    expect(sponsored3).toHaveTextContent("$499");
    expect(sponsored3).toHaveTextContent("$166 per listing");
    expect(sponsored3).toHaveTextContent("Save 16%");
    expect(sponsored3).toHaveTextContent("Credits last 12 months");

    await user.click(within(packs).getByRole("button", { name: /^Buy\s*3 Sponsored listings$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Buy 3 Sponsored listings?" });
    expect(dialog).toHaveTextContent("within 14 days");
    // Cancel is where focus starts: Enter does not buy by accident.
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Buy for $499" }));

    await waitFor(() =>
      expect(within(packs).getByRole("status")).toHaveTextContent(
        "Bought. Invoice 2026-000014 for $593.81 is in your invoices below; pay it by Dec 4, 2026. You now have 5 Sponsored credits, 1 Featured.",
      ),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.of("buyPack").map((request) => request.body)).toEqual([{ pack: "sponsored-3" }]);
    // The lists are read again: the new invoice is there.
    expect(await screen.findByText("2026-000014")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Credits" })).toHaveTextContent(
      "5 Sponsored credits, 1 Featured",
    );
    expect(api.problems).toEqual([]);
  });

  it("goes to Stripe's payment page for a company that pays by card, without asking", async () => {
    const user = userEvent.setup();
    const checkout = samePage("checkout-cs_test_1");
    const api = fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () =>
        overview({ payment: { pays_by: "card", terms_days: null, transfer_ready: true } }),
      buyPack: () => ({
        checkout_url: checkout,
        invoice: null,
        balance: { by_plan: { sponsored: 2, featured: 1 }, next_expiry: null, on_hold: 0 },
      }),
    });
    renderBilling();

    const packs = await screen.findByRole("region", { name: "Packs" });
    expect(packs).toHaveTextContent("You pay by card");
    expect(screen.getByRole("region", { name: "Invoices" })).toHaveTextContent("Pays by card.");
    await user.click(within(packs).getByRole("button", { name: /^Buy\s*10 Featured listings$/ }));
    await waitFor(() => expect(window.location.href).toBe(checkout));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.of("buyPack").map((request) => request.body)).toEqual([{ pack: "featured-10" }]);
    expect(api.problems).toEqual([]);
  });

  it("back from Stripe, says the payment went through and asks again until the credits come", async () => {
    let webhookCame = false;
    const api = fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () =>
        webhookCame
          ? overview({
              balance: { by_plan: { sponsored: 5, featured: 1 }, next_expiry: null, on_hold: 0 },
            })
          : overview(),
    });
    renderInApp(<BillingPage />, {
      pathname: "/listings/billing?paid=cs_test_1",
      token: "token-1",
    });

    expect(await screen.findByText(/Thank you, your payment went through/)).toBeVisible();
    const credits = await screen.findByRole("region", { name: "Credits" });
    expect(credits).toHaveTextContent("2 Sponsored credits, 1 Featured");
    webhookCame = true;
    await waitFor(() => expect(credits).toHaveTextContent("5 Sponsored credits, 1 Featured"), {
      timeout: 15_000,
    });
    expect(api.of("getBilling").length).toBeGreaterThan(1);
  });

  it("says the server's refusal beside the packs, not in a toast", async () => {
    const user = userEvent.setup();
    const toasted = vi.spyOn(toast, "error");
    fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () =>
        overview({ payment: { pays_by: "card", terms_days: null, transfer_ready: true } }),
      buyPack: () => refuse(503, "Card payments are not available right now. Try again soon."),
    });
    renderBilling();
    const packs = await screen.findByRole("region", { name: "Packs" });
    await user.click(within(packs).getByRole("button", { name: /^Buy\s*3 Featured listings$/ }));
    await waitFor(() =>
      expect(within(packs).getByRole("status")).toHaveTextContent(
        "Card payments are not available right now. Try again soon.",
      ),
    );
    expect(toasted).not.toHaveBeenCalled();
  });

  it("sends a coupon code with the pack, and says why it was refused under its field", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () =>
        overview({ payment: { pays_by: "card", terms_days: null, transfer_ready: true } }),
      buyPack: () => refuse(422, "Check the fields", { coupon: ["This coupon code has expired"] }),
    });
    renderBilling();
    const packs = await screen.findByRole("region", { name: "Packs" });
    await user.type(within(packs).getByRole("textbox", { name: "Coupon code" }), " launch20 ");
    await user.click(within(packs).getByRole("button", { name: /^Buy\s*3 Featured listings$/ }));
    const field = within(packs).getByRole("textbox", { name: "Coupon code" });
    await waitFor(() => expect(field).toHaveAccessibleDescription("This coupon code has expired"));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(api.of("buyPack").map((request) => request.body)).toEqual([
      { pack: "featured-3", coupon: "launch20" },
    ]);
    expect(within(packs).getByRole("status")).toHaveTextContent("");
  });

  it("scrolls to the packs when /pricing's Buy link asked for them", async () => {
    window.history.replaceState(null, "", "/listings/billing#packs");
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () => overview(),
    });
    renderBilling();
    await screen.findByRole("region", { name: "Packs" });
    expect(scrolled.mock.contexts).toEqual([document.getElementById("packs")]);
  });

  it("offers no pack on invoice while the board's bank details are not set, and says why", async () => {
    const api = fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () =>
        overview({ payment: { pays_by: "transfer", terms_days: 14, transfer_ready: false } }),
    });
    renderBilling();
    const packs = await screen.findByRole("region", { name: "Packs" });
    expect(packs).toHaveTextContent(
      "Paying by bank transfer is not available yet: the board's bank details are not set up",
    );
    const buttons = within(packs).getAllByRole("button", { name: /^Buy/ });
    expect(buttons).toHaveLength(4);
    for (const button of buttons) expect(button).toBeDisabled();
    expect(api.of("buyPack")).toEqual([]);
    expect(api.problems).toEqual([]);
  });

  it("sets where invoices are emailed", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getBillingDetails: () => details,
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () => overview(),
      updateBillingContact: ({ body }) => ({
        contact: { email: (body as { email: string | null }).email },
      }),
    });
    renderBilling();
    const form = await screen.findByRole("form", { name: "Invoice email" });
    expect(form).toHaveTextContent("to your company's owner and admins");
    await user.type(within(form).getByLabelText(/Send invoices to/), "accounts@ledger.example");
    await user.click(within(form).getByRole("button", { name: "Save invoice email" }));
    await waitFor(() => expect(api.of("updateBillingContact")).toHaveLength(1));
    expect(api.of("updateBillingContact")[0]!.body).toEqual({ email: "accounts@ledger.example" });
    expect(api.problems).toEqual([]);
  });

  it("sets the purchase order reference with the billing details, the server's refusal beside it", async () => {
    const user = userEvent.setup();
    const given = {
      legal_name: "Nordlicht Media GmbH",
      address_line1: "Torstraße 1",
      address_line2: null,
      city: "Berlin",
      postal_code: "10119",
      region: null,
      country: "DE",
      vat_id: "DE136695976",
      purchase_order: null,
      updated_at: at,
    };
    // The fake API holds requests to the contract, so the refusal stands in for the server's.
    const refusal = "Keep the purchase order reference to 35 characters";
    let tries = 0;
    const api = fakeApi({
      getBillingDetails: () => ({ billing: given }),
      getBillingContact: () => contact,
      getSubscription: () => noSubscription,
      getBilling: () => overview(),
      updateBillingDetails: ({ body }) => {
        tries += 1;
        if (tries === 1) return refuse(422, "Check the fields", { purchase_order: [refusal] });
        const { billing } = body as { billing: { purchase_order: string | null } };
        return { billing: { ...given, purchase_order: billing.purchase_order } };
      },
    });
    renderBilling();
    const form = await screen.findByRole("form", { name: "Billing details" });
    const reference = within(form).getByLabelText("Purchase order reference (optional)");
    await waitFor(() =>
      expect(within(form).getByLabelText("Legal name")).toHaveValue(given.legal_name),
    );
    expect(reference).toHaveValue("");
    await user.type(reference, "発注-2291 أمر Łódź");
    await user.click(within(form).getByRole("button", { name: "Save billing details" }));
    await waitFor(() => expect(reference).toHaveAccessibleDescription(new RegExp(refusal)));
    expect(reference).toHaveAttribute("aria-invalid", "true");
    expect(api.of("updateBillingDetails")[0]!.body).toMatchObject({
      billing: { purchase_order: "発注-2291 أمر Łódź" },
    });

    await user.clear(reference);
    await user.type(reference, " PO-2291 ");
    await user.click(within(form).getByRole("button", { name: "Save billing details" }));
    await waitFor(() => expect(api.of("updateBillingDetails")).toHaveLength(2));
    // Sent with the other details, as the contract reads it (trimmed).
    expect(api.of("updateBillingDetails")[1]!.body).toEqual({
      billing: {
        legal_name: "Nordlicht Media GmbH",
        address_line1: "Torstraße 1",
        address_line2: null,
        city: "Berlin",
        postal_code: "10119",
        region: null,
        country: "DE",
        vat_id: "DE136695976",
        purchase_order: "PO-2291",
      },
    });
    await waitFor(() => expect(reference).toHaveValue("PO-2291"));
    expect(reference).not.toHaveAttribute("aria-invalid");
    expect(api.problems).toEqual([]);
  });

  it("tells a recruiter that billing is for the owner and admins, without toasting", async () => {
    const toasted = vi.spyOn(toast, "error");
    const api = fakeApi({
      getBillingDetails: () => refuse(403, "Only the owner and admins"),
      getSubscription: () => noSubscription,
      getBilling: () => refuse(403, "Only the owner and admins"),
    });
    renderBilling();
    expect(
      await screen.findByRole("heading", { name: "Only the owner and admins see billing" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Packs" })).toBeNull();
    expect(toasted).not.toHaveBeenCalled();
    expect(api.problems).toEqual([]);
  });
});

describe("/pricing's packs", () => {
  it("are in the served HTML: price, per listing, saving, how long, and a Buy link", () => {
    const html = new DOMParser().parseFromString(
      renderToString(<PricingPage offer={SEED_OFFER} />),
      "text/html",
    );
    const section = html.querySelector('section[aria-labelledby="packs"]')!;
    expect(section.querySelector("h2")?.textContent).toBe("Packs");
    const items = [...section.querySelectorAll("li")];
    expect(items.map((item) => item.querySelector("h3")?.textContent)).toEqual([
      "3 Sponsored listings",
      "10 Sponsored listings",
      "3 Featured listings",
      "10 Featured listings",
    ]);
    expect(items.map((item) => item.textContent)).toEqual([
      "3 Sponsored listings$499$166 per listingSave 16%Credits last 12 monthsBuy 3 Sponsored listings",
      "10 Sponsored listings$1,490$149 per listingSave 25%Credits last 12 monthsBuy 10 Sponsored listings",
      "3 Featured listings$879$293 per listingSave 16%Credits last 12 monthsBuy 3 Featured listings",
      "10 Featured listings$2,490$249 per listingSave 29%Credits last 12 monthsBuy 10 Featured listings",
    ]);
    // Links only: nothing there to run before the visitor leaves for the billing page.
    expect(section.querySelectorAll("button, form, input")).toHaveLength(0);
    expect([...section.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual(
      Array(4).fill("/listings/billing#packs"),
    );
  });
});
