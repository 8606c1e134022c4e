import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ModeratorInvoice } from "@/features/moderation/hooks/use-billing-review";
import ReviewBillingPage from "@/pages/review/billing";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { moderatorUser } from "@/tests/fixtures/moderator";

/*
 * The moderators' invoices (issue 45) on /review/billing: unpaid ones by company, the filter,
 * marking a bank transfer paid, a refund with its reason and credit note, a company's terms.
 */

const at = "2026-11-20T09:00:00.000Z";

const standing = {
  limit_minor: 0,
  outstanding_minor: 0,
  overdue_minor: 0,
  in_use_minor: 0,
  overdue_invoice: null,
};
const reel = { id: 7, name: "Reel Studio", slug: "reel-studio", terms_days: null, standing };
const north = {
  id: 9,
  name: "Studio North",
  slug: "studio-north",
  terms_days: 30,
  standing: { ...standing, outstanding_minor: 59_880, limit_minor: 100_000 },
};

function invoice(change: Partial<ModeratorInvoice> = {}): ModeratorInvoice {
  return {
    id: 12,
    kind: "invoice",
    number: "2026-000012",
    purpose: "pack",
    status: "due",
    description: "3 Sponsored listings",
    issued_at: at,
    due_at: "2026-12-04T09:00:00.000Z",
    paid_at: null,
    currency: "eur",
    subtotal_minor: 49_900,
    tax_minor: 0,
    total_minor: 49_900,
    credited_minor: 0,
    credits_invoice: null,
    refund_status: "none",
    job_id: null,
    pdf_url: "/api/moderation/invoices/12/pdf",
    company: reel,
    overdue_at: null,
    ...change,
  };
}

const UNPAID = [
  invoice(),
  invoice({
    id: 10,
    number: "2026-000010",
    status: "overdue",
    description: "Featured listing: Producer",
    due_at: "2026-11-10T09:00:00.000Z",
    overdue_at: "2026-11-11T00:00:00.000Z",
    total_minor: 34_900,
    credited_minor: 0,
    company: north,
    pdf_url: "/api/moderation/invoices/10/pdf",
  }),
  invoice({ id: 8, number: "2026-000008", description: "Sponsored listing: Editor" }),
];

const moderator = moderatorUser({ created_at: at });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:invoice");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const renderPage = () =>
  renderInApp(<ReviewBillingPage />, { pathname: "/review/billing", token: "token-1" });

const sectionOf = (name: string) => screen.findByRole("region", { name });
/** An invoice's row, by the number in its first cell. */
const rowOf = (section: HTMLElement, number: string) =>
  within(section)
    .getAllByRole("row")
    .find((row) => row.querySelector("td")?.textContent?.startsWith(number))!;

describe("/review/billing", () => {
  it("lists unpaid invoices by company, and filters overdue or all", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCurrentUser: () => moderator,
      listInvoices: ({ query }) => ({
        invoices:
          query.status === "overdue"
            ? UNPAID.filter((one) => one.status === "overdue")
            : query.status === "all"
              ? [...UNPAID, invoice({ id: 5, number: "2026-000005", status: "paid" })]
              : UNPAID,
      }),
    });
    renderPage();

    const reelSection = await sectionOf("Reel Studio");
    const northSection = screen.getByRole("region", { name: "Studio North" });
    expect(
      within(reelSection)
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getAllByRole("cell")[0]!.textContent),
    ).toEqual(["2026-000012Nov 20, 2026", "2026-000008Nov 20, 2026"]);
    const overdue = rowOf(northSection, "2026-000010");
    expect(overdue).toHaveTextContent("€349.00");
    expect(overdue).toHaveTextContent("Nov 10, 2026");
    expect(overdue).toHaveTextContent("Overdue");
    expect(
      within(overdue)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Mark paid 2026-000010", "Refund 2026-000010", "PDF of 2026-000010"]);
    expect(api.of("listInvoices")[0]!.query).toEqual({ status: "unpaid" });

    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "overdue");
    await waitFor(() => expect(screen.queryByRole("region", { name: "Reel Studio" })).toBeNull());
    expect(screen.getByRole("region", { name: "Studio North" })).toBeVisible();
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "all");
    const paid = rowOf(await sectionOf("Reel Studio"), "2026-000005");
    await waitFor(() => expect(paid).toHaveTextContent("Paid"));
    // Paid: it may be refunded, not marked paid again.
    expect(within(paid).queryByRole("button", { name: /Mark paid/ })).toBeNull();
    expect(within(paid).getByRole("button", { name: /^Refund/ })).toBeVisible();
    expect(api.of("listInvoices").map(({ query }) => query.status)).toEqual([
      "unpaid",
      "overdue",
      "all",
    ]);
    expect(api.problems).toEqual([]);
  });

  it("marks an invoice paid after asking, and says why when the server refuses", async () => {
    const user = userEvent.setup();
    let refused = false;
    const api = fakeApi({
      getCurrentUser: () => moderator,
      listInvoices: () => ({ invoices: UNPAID }),
      markInvoicePaid: () => {
        if (refused) return { ...invoice(), status: "paid", paid_at: at };
        refused = true;
        return refuse(409, "Invoice 2026-000012 is already paid.");
      },
    });
    renderPage();
    const section = await sectionOf("Reel Studio");
    await user.click(
      within(rowOf(section, "2026-000012")).getByRole("button", { name: /^Mark paid/ }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Mark 2026-000012 paid?" });
    expect(dialog).toHaveTextContent("Record that Reel Studio paid €499.00 by bank transfer.");
    await user.click(within(dialog).getByRole("button", { name: "Mark paid" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Invoice 2026-000012 is already paid.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Mark paid" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("markInvoicePaid").map(({ params }) => params)).toEqual([
      { invoiceId: "12" },
      { invoiceId: "12" },
    ]);
    // The list is read again after each try.
    await waitFor(() => expect(api.of("listInvoices").length).toBeGreaterThanOrEqual(3));
    expect(api.problems).toEqual([]);
  });

  it("refunds with a reason, beside its field when missing, and names the credit note", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCurrentUser: () => moderator,
      listInvoices: () => ({ invoices: UNPAID }),
      refundInvoice: () => {
        const {
          company: _company,
          overdue_at: _overdue,
          ...note
        } = invoice({
          id: 30,
          kind: "credit_note",
          number: "CN-2026-000005",
          status: "issued",
          total_minor: -49_900,
          credited_minor: 0,
          credits_invoice: "2026-000012",
          pdf_url: "/api/moderation/invoices/30/pdf",
        });
        return { credit_note: note, revoked_credits: 2 };
      },
    });
    renderPage();
    const section = await sectionOf("Reel Studio");
    await user.click(
      within(rowOf(section, "2026-000012")).getByRole("button", { name: /^Refund/ }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Refund 2026-000012?" });
    expect(dialog).toHaveTextContent("It is not paid yet, so it is cancelled with a credit note.");
    const reason = within(dialog).getByRole("textbox", { name: "Why it is refunded" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel the invoice" }));
    expect(reason).toHaveAccessibleDescription("Say why it is refunded");
    expect(api.of("refundInvoice")).toEqual([]);

    await user.type(reason, "  Bought the wrong pack ");
    await user.click(within(dialog).getByRole("button", { name: "Cancel the invoice" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      screen.getAllByRole("status").find((status) => status.textContent?.includes("Credit note")),
    ).toHaveTextContent(
      "Credit note CN-2026-000005 issued for 2026-000012. 2 unused credits were taken back.",
    );
    expect(api.of("refundInvoice").map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { invoiceId: "12" }, body: { reason: "Bought the wrong pack" } },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("sets a company's payment terms", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCurrentUser: () => moderator,
      listInvoices: () => ({ invoices: UNPAID }),
      setPaymentTerms: ({ params, body }) => ({
        company_id: Number(params.companyId),
        terms_days: (body as { days: number | null }).days,
      }),
    });
    renderPage();
    const section = await sectionOf("Studio North");
    const form = within(section).getByRole("form", { name: "Payment terms for Studio North" });
    // It starts on the company's terms today.
    expect(within(form).getByRole("combobox", { name: "How Studio North pays" })).toHaveValue("30");
    await user.selectOptions(
      within(form).getByRole("combobox", { name: "How Studio North pays" }),
      "Bank transfer, 14 days",
    );
    await user.click(within(form).getByRole("button", { name: /^Save/ }));
    await waitFor(() =>
      expect(within(form).getByRole("status")).toHaveTextContent("Saved: bank transfer, 14 days."),
    );
    await user.selectOptions(
      within(form).getByRole("combobox", { name: "How Studio North pays" }),
      "Standard terms",
    );
    await user.click(within(form).getByRole("button", { name: /^Save/ }));
    await waitFor(() =>
      expect(within(form).getByRole("status")).toHaveTextContent("Saved: standard terms."),
    );
    expect(api.of("setPaymentTerms").map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { companyId: "9" }, body: { days: 14 } },
      { params: { companyId: "9" }, body: { days: null } },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("shows what a company owes and sets its credit limit, with a bad amount refused by its field", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getCurrentUser: () => moderator,
      listInvoices: () => ({ invoices: UNPAID }),
      setCreditLimit: ({ params, body }) => ({
        company_id: Number(params.companyId),
        limit_minor: (body as { limit_minor: number }).limit_minor,
      }),
    });
    renderPage();
    const section = await sectionOf("Studio North");
    const form = within(section).getByRole("form", { name: "Credit limit for Studio North" });
    expect(form).toHaveTextContent(
      "Owes $598.80. Uses $0.00 before paying, of a limit of $1,000.00.",
    );
    const field = within(form).getByRole("textbox", { name: "Credit limit of Studio North (USD)" });
    expect(field).toHaveValue("1000");
    await user.clear(field);
    await user.type(field, "-5");
    await user.click(within(form).getByRole("button", { name: /^Save/ }));
    expect(field).toHaveAccessibleDescription("Give the limit in dollars: 0 or more");
    expect(api.of("setCreditLimit")).toEqual([]);
    await user.clear(field);
    await user.type(field, "2,500.50");
    await user.click(within(form).getByRole("button", { name: /^Save/ }));
    await waitFor(() =>
      expect(within(form).getByRole("status")).toHaveTextContent(
        "Saved: Studio North may use $2,500.50 before paying.",
      ),
    );
    expect(api.of("setCreditLimit").map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { companyId: "9" }, body: { limit_minor: 250_050 } },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("saves an invoice's PDF from the moderators' address", async () => {
    const user = userEvent.setup();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const api = fakeApi({
      getCurrentUser: () => moderator,
      listInvoices: () => ({ invoices: UNPAID }),
      getModeratorInvoicePdf: () => new Blob(["%PDF-1.7"], { type: "application/pdf" }),
    });
    renderPage();
    const section = await sectionOf("Studio North");
    await user.click(within(section).getByRole("button", { name: /^PDF\s*of 2026-000010$/ }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toBe("invoice-2026-000010.pdf");
    expect(api.of("getModeratorInvoicePdf").map(({ params }) => params)).toEqual([
      { invoiceId: "10" },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("is for moderators only", async () => {
    const api = fakeApi({ getCurrentUser: () => ({ ...moderator, is_moderator: false }) });
    renderPage();
    expect(await screen.findByRole("heading", { name: "For moderators only" })).toBeVisible();
    expect(api.of("listInvoices")).toEqual([]);
  });
});
