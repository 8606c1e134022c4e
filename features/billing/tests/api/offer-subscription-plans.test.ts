// @vitest-environment node
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import offerHandler from "@/pages/api/moderation/offer/index";
import subscriptionPlanHandler from "@/pages/api/moderation/offer/subscription-plans/[slug]/index";
import subscriptionPlanRetireHandler from "@/pages/api/moderation/offer/subscription-plans/[slug]/retire";
import subscriptionPlansHandler from "@/pages/api/moderation/offer/subscription-plans/index";
import auditHandler from "@/pages/api/moderation/audit";
import planRetireHandler from "@/pages/api/moderation/offer/plans/[slug]/retire";
import plansHandler from "@/pages/api/moderation/offer/plans/index";
import type { ConsoleOffer, ConsoleSubscriptionPlan } from "@/features/billing/offer-schemas";
import { subscriptionPlansOnSale } from "@/features/billing/server/subscriptions";
import { auditLog } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { bearer } from "@/tests/support/auth";
import { offerConsoleSuite } from "./offer-console-suite";

/*
 * Subscription plans in the offer console (issue 63), on the real database and real emulator
 * tokens: created, changed, retired and restored by a moderator, what each refuses (422 by field,
 * 404, 409), who may call it, the audit log (`subscription_plan.*`), the purge of /pricing, and
 * what /pricing reads (subscriptionPlansOnSale).
 */

const { handle, run, MODERATOR, tokens, purges, call } = offerConsoleSuite("subplan");

const SLUG = `team-monthly-${run}`;

const newSubscriptionPlan = (slug: string, changes: Record<string, unknown> = {}) => ({
  slug,
  name: "Team monthly",
  interval: "month",
  price_minor: 29_900,
  listings: 5,
  plan: "sponsored",
  rollover: false,
  ...changes,
});

/** Its editable fields as the console sends them, with `changes`. */
const bodyOf = (row: ConsoleSubscriptionPlan, changes: Record<string, unknown> = {}) => ({
  name: row.name,
  interval: row.interval,
  price_minor: row.price_minor,
  listings: row.listings,
  plan: row.plan,
  rollover: row.rollover,
  ...changes,
});

const inConsole = async (slug: string) =>
  ((await call(offerHandler)).body as unknown as ConsoleOffer).subscription_plans.find(
    (row) => row.slug === slug,
  );

const auditOf = (action: string, subjectId: number) =>
  handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
    .orderBy(desc(auditLog.id));

const onSale = async () => (await subscriptionPlansOnSale(handle.db)).map((row) => row.id);

describe("subscription plans in the offer console", () => {
  it("is moderators only: 401 signed out, 403 for an employer", async () => {
    const body = newSubscriptionPlan(`nobody-${run}`);
    const post = (token: string | null) =>
      call(subscriptionPlansHandler, { method: "POST", token, body });
    expect((await post(null)).status).toBe(401);
    expect((await post(tokens.employer)).status).toBe(403);
    const put = await call(subscriptionPlanHandler, {
      method: "PUT",
      slug: "sponsored-monthly",
      token: tokens.employer,
      body: bodyOf((await inConsole("sponsored-monthly"))!),
    });
    expect(put.status).toBe(403);
    const retire = await call(subscriptionPlanRetireHandler, {
      method: "POST",
      slug: "sponsored-monthly",
      token: tokens.employer,
    });
    expect(retire.status).toBe(403);
    expect(await inConsole(`nobody-${run}`)).toBeUndefined();
  });

  it("lists the seeded ones in GET /api/moderation/offer", async () => {
    expect(await inConsole("sponsored-monthly")).toMatchObject({
      name: "Sponsored monthly",
      interval: "month",
      price_minor: 49_900,
      listings: 3,
      plan: "sponsored",
      retired_at: null,
    });
    expect(await inConsole("sponsored-yearly")).toMatchObject({ interval: "year" });
  });

  it("creates a monthly plan, on sale on /pricing at once, audited and purged", async () => {
    purges.length = 0;
    const created = await call(subscriptionPlansHandler, {
      method: "POST",
      body: newSubscriptionPlan(SLUG, { rollover: true }),
    });
    expect(created.status).toBe(201);
    const row = created.body as unknown as ConsoleSubscriptionPlan;
    expect(row).toMatchObject({
      slug: SLUG,
      interval: "month",
      price_minor: 29_900,
      listings: 5,
      plan: "sponsored",
      rollover: true,
      retired_at: null,
    });
    expect(await onSale()).toContain(SLUG);
    expect(await inConsole(SLUG)).toEqual(row);
    const [entry] = await auditOf("subscription_plan.create", row.id);
    expect(entry).toMatchObject({ subjectType: "subscription_plan", actorEmail: MODERATOR });
    expect(entry!.detail).toMatchObject({
      slug: SLUG,
      after: { name: "Team monthly", price_minor: 29_900, listings: 5, rollover: true },
    });
    expect(purges.flatMap((purge) => purge.paths)).toContain("/pricing");
  });

  it("refuses bad fields, each by name (422)", async () => {
    const refused = async (body: unknown) => {
      const answer = await call(subscriptionPlansHandler, { method: "POST", body });
      expect(answer.status).toBe(422);
      return Object.keys((answer.body as { errors: Record<string, string[]> }).errors).sort();
    };
    expect(
      await refused(
        newSubscriptionPlan("Bad Slug", {
          interval: "week",
          price_minor: 0,
          listings: 0,
          name: "",
        }),
      ),
    ).toEqual(["interval", "listings", "name", "price_minor", "slug"]);
    // A slug names one subscription plan for good.
    expect(await refused(newSubscriptionPlan("sponsored-monthly"))).toEqual(["slug"]);
    // Its listings are of a paid plan on sale: not the free one, not an unknown one.
    expect(await refused(newSubscriptionPlan(`free-${run}`, { plan: "standard" }))).toEqual([
      "plan",
    ]);
    expect(await refused(newSubscriptionPlan(`none-${run}`, { plan: "no-such-plan" }))).toEqual([
      "plan",
    ]);
    expect(await refused({ ...newSubscriptionPlan(`extra-${run}`), stripe_price: "x" })).toEqual([
      "stripe_price",
    ]);
  });

  it("changes the price, with its before and after in the audit log; 404 for an unknown slug", async () => {
    const row = (await inConsole(SLUG))!;
    purges.length = 0;
    const changed = await call(subscriptionPlanHandler, {
      method: "PUT",
      slug: SLUG,
      body: bodyOf(row, { price_minor: 34_900 }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ price_minor: 34_900, position: row.position });
    const [entry] = await auditOf("subscription_plan.update", row.id);
    expect(entry!.detail).toEqual({
      slug: SLUG,
      before: { price_minor: 29_900 },
      after: { price_minor: 34_900 },
    });
    expect(purges.flatMap((purge) => purge.paths)).toContain("/pricing");
    const unknown = await call(subscriptionPlanHandler, {
      method: "PUT",
      slug: `no-such-${run}`,
      body: bodyOf(row),
    });
    expect(unknown.status).toBe(404);
    const free = await call(subscriptionPlanHandler, {
      method: "PUT",
      slug: SLUG,
      body: bodyOf(row, { plan: "standard" }),
    });
    expect(free.status).toBe(422);
    expect(free.body).toMatchObject({ errors: { plan: [expect.any(String)] } });
  });

  it("retires one: off /pricing, audited; restores it", async () => {
    const row = (await inConsole(SLUG))!;
    const retired = await call(subscriptionPlanRetireHandler, { method: "POST", slug: SLUG });
    expect(retired.status).toBe(200);
    expect((retired.body as { retired_at: string | null }).retired_at).not.toBeNull();
    expect(await onSale()).not.toContain(SLUG);
    // Still in the console, retired.
    expect((await inConsole(SLUG))!.retired_at).not.toBeNull();
    expect(await auditOf("subscription_plan.retire", row.id)).toHaveLength(1);

    const restored = await call(subscriptionPlanRetireHandler, { method: "DELETE", slug: SLUG });
    expect(restored.status).toBe(200);
    expect(await onSale()).toContain(SLUG);
    expect(await auditOf("subscription_plan.restore", row.id)).toHaveLength(1);
    const unknown = await call(subscriptionPlanRetireHandler, {
      method: "POST",
      slug: `no-such-${run}`,
    });
    expect(unknown.status).toBe(404);
  });

  it("leaves the sale with its listing plan, and comes back only once the plan is on sale", async () => {
    const slug = `gold-${run}`;
    const plan = {
      slug,
      name: `Gold ${run}`,
      price_minor: 59_900,
      days: 30,
      sponsored: false,
      recommended: false,
      summary: "",
      includes: [],
    };
    expect((await call(plansHandler, { method: "POST", body: plan })).status).toBe(201);
    const sub = `gold-yearly-${run}`;
    const created = await call(subscriptionPlansHandler, {
      method: "POST",
      body: newSubscriptionPlan(sub, { plan: slug, interval: "year" }),
    });
    expect(created.status).toBe(201);
    const retired = await call(planRetireHandler, { method: "POST", slug });
    expect(retired.body).toMatchObject({ retired_subscription_plans: [sub] });
    expect(await onSale()).not.toContain(sub);
    const [entry] = await auditOf(
      "subscription_plan.retire",
      (created.body as unknown as ConsoleSubscriptionPlan).id,
    );
    expect(entry!.detail).toEqual({ slug: sub, with_plan: slug });
    const early = await call(subscriptionPlanRetireHandler, { method: "DELETE", slug: sub });
    expect(early.status).toBe(409);
    await call(planRetireHandler, { method: "DELETE", slug });
    const restored = await call(subscriptionPlanRetireHandler, { method: "DELETE", slug: sub });
    expect(restored.status).toBe(200);
    expect(await onSale()).toContain(sub);
    await call(subscriptionPlanRetireHandler, { method: "POST", slug: sub });
  });

  it("is in the audit log's subject filter", async () => {
    const row = (await inConsole(SLUG))!;
    const history = await callApi(auditHandler, {
      query: { subject_type: "subscription_plan", subject_id: String(row.id) },
      headers: bearer(tokens.moderator),
    });
    expect(history.status).toBe(200);
    const entries = history.body!.entries as { action: string; subject_type: string }[];
    expect(entries.map((entry) => entry.action)).toEqual([
      "subscription_plan.restore",
      "subscription_plan.retire",
      "subscription_plan.update",
      "subscription_plan.create",
    ]);
  });
});
