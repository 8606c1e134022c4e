import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReviewQueue, waitedFor } from "@/features/moderation/components/review-queue";
import { listingKeys } from "@/lib/query-keys";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { createQueryClient } from "@/lib/query-client";
import type { DraftItem } from "@/features/listings/types";
import { renderInApp } from "@/tests/render";

/*
 * Held drafts on /review (issue 63): the listings whose checkout was opened and not paid, each
 * with its plan's price and how long it has waited, and what they come to at the top.
 */

const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const draft = (
  id: number,
  title: string,
  plan: {
    plan: string;
    plan_name: string;
    price_minor: number;
    coupon?: DraftItem["coupon"];
    value_minor?: number;
  },
  submitted_at: string,
): DraftItem => ({
  id,
  slug: title.toLowerCase().replace(/ /g, "-"),
  title,
  department: "video-editing",
  region: "remote",
  type: "full-time",
  location: "Remote",
  salary_min: null,
  salary_max: null,
  salary_currency: "USD",
  salary_period: "year",
  company: { name: "Studio North", website: null, logo_url: null, about: null },
  company_change: null,
  description: "Cut our shorts.",
  apply_url: "https://studionorth.example/jobs",
  apply_method: "link",
  screening_questions: [],
  applications_close_at: null,
  apply_email: null,
  payment_status: "awaiting_payment",
  state: "awaiting_payment",
  submitted_at,
  submitter: { email: "hiring@studio.example", name: "Hana" },
  posting_issues: [],
  coupon: null,
  value_minor: plan.price_minor,
  ...plan,
});

function renderQueue(answer: ApiAnswer<"getReviewQueue">) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(listingKeys.queue, answer);
  return renderInApp(<ReviewQueue />, { pathname: "/review", token: "token-1", queryClient });
}

describe("held drafts on /review", () => {
  it("lists each draft with its price and wait, and their total at the top", async () => {
    renderQueue({
      pending: [],
      awaiting_payment: [
        draft(
          7,
          "Motion Designer",
          { plan: "featured", plan_name: "Featured", price_minor: 34900 },
          ago(72),
        ),
        draft(
          8,
          "Colorist",
          { plan: "sponsored", plan_name: "Sponsored", price_minor: 19900 },
          ago(5),
        ),
      ],
      drafts_value_minor: 54800,
      currency: "usd",
    });
    const section = await screen.findByRole("region", { name: "Drafts not paid yet" });
    expect(within(section).getByText(/2 drafts worth/)).toHaveTextContent(
      "2 drafts worth $548 in all, waiting for their checkout payment.",
    );
    const first = within(section).getByRole("listitem", { name: "Motion Designer" });
    expect(first).toHaveTextContent("Featured plan · #7");
    expect(first).toHaveTextContent("$349 · waiting 3 days");
    const second = within(section).getByRole("listitem", { name: "Colorist" });
    expect(second).toHaveTextContent("$199 · waiting 5 hours");
    // The queue itself still says nothing waits for a moderator.
    expect(screen.getByText("Nothing to review")).toBeVisible();
  });

  it("values a draft with a coupon, percent or amount, at its price after it, with the code", async () => {
    renderQueue({
      pending: [],
      awaiting_payment: [
        draft(
          7,
          "Motion Designer",
          {
            plan: "featured",
            plan_name: "Featured",
            price_minor: 34900,
            coupon: { code: "LAUNCH20", discount_minor: 6980 },
            value_minor: 27920,
          },
          ago(72),
        ),
        draft(
          8,
          "Colorist",
          {
            plan: "sponsored",
            plan_name: "Sponsored",
            price_minor: 19900,
            coupon: { code: "FIFTY", discount_minor: 5000 },
            value_minor: 14900,
          },
          ago(5),
        ),
      ],
      drafts_value_minor: 42820,
      currency: "usd",
    });
    const section = await screen.findByRole("region", { name: "Drafts not paid yet" });
    expect(within(section).getByText(/2 drafts worth/)).toHaveTextContent("2 drafts worth $428.20");
    expect(within(section).getByRole("listitem", { name: "Motion Designer" })).toHaveTextContent(
      "$279.20 after coupon LAUNCH20 (from $349) · waiting 3 days",
    );
    expect(within(section).getByRole("listitem", { name: "Colorist" })).toHaveTextContent(
      "$149 after coupon FIFTY (from $199) · waiting 5 hours",
    );
  });

  it("shows no drafts' section when there are none", async () => {
    renderQueue({ pending: [], awaiting_payment: [], drafts_value_minor: 0, currency: "usd" });
    await screen.findByText("Nothing to review");
    expect(screen.queryByRole("region", { name: "Drafts not paid yet" })).toBeNull();
  });

  it("says a wait in hours, then days", () => {
    const now = Date.parse("2026-11-20T09:00:00Z");
    expect(waitedFor("2026-11-20T08:30:00Z", now)).toBe("under an hour");
    expect(waitedFor("2026-11-20T08:00:00Z", now)).toBe("1 hour");
    expect(waitedFor("2026-11-19T09:00:00Z", now)).toBe("24 hours");
    expect(waitedFor("2026-11-17T08:00:00Z", now)).toBe("3 days");
  });
});
