import { screen, within } from "@testing-library/react";
import { vi } from "vitest";
import type {
  ConsoleCoupon,
  ConsoleOffer,
  ConsolePlan,
} from "@/features/billing/hooks/use-offer-console";
import ReviewOfferPage from "@/pages/review/offer";
import { fakeApi } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { moderatorUser } from "@/tests/fixtures/moderator";

/* What the tests of the console on /review/offer (issue 63) share: an offer, a moderator. */

export const at = "2026-11-20T09:00:00.000Z";

export const plan = (
  change: Partial<ConsolePlan> & Pick<ConsolePlan, "slug" | "name">,
): ConsolePlan => ({
  id: 1,
  price_minor: 0,
  days: 30,
  sponsored: false,
  social_post: false,
  recommended: false,
  summary: "",
  includes: [],
  position: 0,
  base: false,
  retired_at: null,
  updated_at: at,
  ...change,
});

export const OFFER: ConsoleOffer = {
  currency: "usd",
  updated_at: at,
  comparison: [{ feature: "Sponsored badge", plans: ["sponsored"] }],
  plans: [
    plan({ id: 1, slug: "standard", name: "Standard", base: true, includes: ["Listed 30 days"] }),
    plan({
      id: 2,
      slug: "sponsored",
      name: "Sponsored",
      price_minor: 19_900,
      sponsored: true,
      recommended: true,
      position: 1,
    }),
    plan({ id: 3, slug: "legacy", name: "Legacy", price_minor: 9_900, retired_at: at }),
  ],
  packs: [
    {
      id: 1,
      slug: "sponsored-3",
      plan: "sponsored",
      name: "3 Sponsored listings",
      listings: 3,
      price_minor: 49_900,
      credit_months: 12,
      position: 0,
      retired_at: null,
      updated_at: at,
    },
  ],
  subscription_plans: [
    {
      id: 1,
      slug: "sponsored-monthly",
      name: "Sponsored monthly",
      interval: "month",
      price_minor: 49_900,
      listings: 3,
      plan: "sponsored",
      rollover: false,
      position: 0,
      retired_at: null,
      updated_at: at,
    },
    {
      id: 2,
      slug: "sponsored-yearly",
      name: "Sponsored yearly",
      interval: "year",
      price_minor: 499_000,
      listings: 36,
      plan: "sponsored",
      rollover: true,
      position: 1,
      retired_at: at,
      updated_at: at,
    },
  ],
};

export const coupon = (
  change: Partial<ConsoleCoupon> & Pick<ConsoleCoupon, "id" | "code">,
): ConsoleCoupon => ({
  kind: "percent",
  percent_bp: 2_000,
  amount_minor: null,
  applies_to: [],
  expires_at: null,
  max_redemptions: null,
  max_per_company: null,
  first_order_only: false,
  min_order_minor: null,
  duration: "once",
  duration_in_months: null,
  uses: 0,
  state: "active",
  retired_at: null,
  created_at: at,
  updated_at: at,
  ...change,
});

export const moderator = moderatorUser({ created_at: at });

/** The console's API, signed in as a moderator: the offer above and no coupons, unless given. */
export const consoleApi = (handlers: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    getCurrentUser: () => moderator,
    getOfferConsole: () => OFFER,
    listCoupons: () => ({ coupons: [] }),
    ...handlers,
  });

export const restoreMocks = () => vi.restoreAllMocks();

export const renderPage = () =>
  renderInApp(<ReviewOfferPage />, { pathname: "/review/offer", token: "token-1" });

/**
 * A name whose last words are for screen readers only (jsdom's names run them together:
 * "EditSponsored"), as a pattern that takes either.
 */
export const named = (visible: string, hidden: string) => new RegExp(`^${visible} ?${hidden}$`);

export const rowOf = (region: HTMLElement, name: string) =>
  within(region)
    .getAllByRole("row")
    .find((row) => row.querySelector("td")?.textContent?.startsWith(name))!;

export const regionNamed = (name: string) => screen.findByRole("region", { name });
