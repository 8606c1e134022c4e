// @vitest-environment node
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import offerHandler from "@/pages/api/moderation/offer/index";
import packHandler from "@/pages/api/moderation/offer/packs/[slug]/index";
import packRetireHandler from "@/pages/api/moderation/offer/packs/[slug]/retire";
import packsHandler from "@/pages/api/moderation/offer/packs/index";
import planHandler from "@/pages/api/moderation/offer/plans/[slug]/index";
import planRetireHandler from "@/pages/api/moderation/offer/plans/[slug]/retire";
import plansHandler from "@/pages/api/moderation/offer/plans/index";
import settingsHandler from "@/pages/api/moderation/offer/settings";
import auditHandler from "@/pages/api/moderation/audit";
import { packsOnSale, planOf, plansOnSale } from "@/features/billing/offer";
import type { ConsoleOffer, ConsolePlan } from "@/features/billing/offer-schemas";
import { readOffer } from "@/features/billing/server/offer";
import { auditLog, listingPlans } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { bearer } from "@/tests/support/auth";
import { offerConsoleSuite } from "./offer-console-suite";

/*
 * The console where a moderator sets what the board sells (issue 63), on the real database and
 * real emulator tokens: plans and packs created, changed, retired and restored, the settings,
 * what each refuses (422 by field, 404, 409), who may call it, the audit log, and the purge of
 * the pages that print prices.
 */

const { handle, run, MODERATOR, tokens, purges, call } = offerConsoleSuite("offer");

const consoleOffer = async () => (await call(offerHandler)).body as unknown as ConsoleOffer;
const planIn = async (slug: string) => (await consoleOffer()).plans.find((p) => p.slug === slug)!;

/** The plan's editable fields as the console sends them, with `changes`. */
const planBody = (plan: ConsolePlan, changes: Record<string, unknown> = {}) => ({
  name: plan.name,
  price_minor: plan.price_minor,
  days: plan.days,
  sponsored: plan.sponsored,
  recommended: plan.recommended,
  summary: plan.summary,
  includes: plan.includes,
  ...changes,
});

const newPlan = (slug: string, changes: Record<string, unknown> = {}) => ({
  slug,
  name: `Plan ${slug}`,
  price_minor: 49_900,
  days: 45,
  sponsored: true,
  recommended: false,
  summary: "For a test",
  includes: ["Everything in Featured"],
  ...changes,
});

const newPack = (slug: string, plan: string, changes: Record<string, unknown> = {}) => ({
  slug,
  plan,
  name: `Pack ${slug}`,
  listings: 5,
  price_minor: 199_000,
  credit_months: 12,
  ...changes,
});

const auditOf = (action: string, subjectId?: number) =>
  handle.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        subjectId === undefined ? undefined : eq(auditLog.subjectId, subjectId),
      ),
    )
    .orderBy(desc(auditLog.id));

describe("who may use the console", () => {
  it("is moderators only: 401 signed out, 403 for anyone else", async () => {
    expect((await call(offerHandler, { token: null })).status).toBe(401);
    expect((await call(offerHandler, { token: tokens.employer })).status).toBe(403);
    const sponsored = await planIn("sponsored");
    const put = (token: string | null) =>
      call(planHandler, { method: "PUT", slug: "sponsored", token, body: planBody(sponsored) });
    expect((await put(null)).status).toBe(401);
    expect((await put(tokens.employer)).status).toBe(403);
    expect(
      (
        await call(settingsHandler, {
          method: "PUT",
          token: tokens.employer,
          body: { currency: "eur", comparison: [] },
        })
      ).status,
    ).toBe(403);
  });
});

describe("the offer as the console reads it", () => {
  it("has the seeded plans, packs and settings, the base plan marked", async () => {
    const answer = await call(offerHandler);
    expect(answer.status).toBe(200);
    const offer = answer.body as unknown as ConsoleOffer;
    expect(offer.currency).toBe("usd");
    expect(offer.plans.map((plan) => [plan.slug, plan.base])).toEqual([
      ["standard", true],
      ["sponsored", false],
      ["featured", false],
    ]);
    expect(offer.packs.map((pack) => pack.slug)).toEqual([
      "sponsored-3",
      "sponsored-10",
      "featured-3",
      "featured-10",
    ]);
    expect(offer.comparison.length).toBeGreaterThan(0);
  });
});

describe("plans", () => {
  it("changes a price, which readOffer reads back, with an audit entry and a purge", async () => {
    const sponsored = await planIn("sponsored");
    purges.length = 0;
    const answer = await call(planHandler, {
      method: "PUT",
      slug: "sponsored",
      body: planBody(sponsored, { price_minor: 24_900 }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ slug: "sponsored", price_minor: 24_900 });
    expect(planOf(await readOffer(handle.db), "sponsored")?.price_minor).toBe(24_900);

    const [entry] = await auditOf("plan.update", sponsored.id);
    expect(entry).toMatchObject({
      actorEmail: MODERATOR,
      role: "moderator",
      subjectType: "plan",
      subjectId: sponsored.id,
      detail: {
        slug: "sponsored",
        before: { price_minor: sponsored.price_minor },
        after: { price_minor: 24_900 },
      },
    });
    expect(purges.flatMap((purge) => purge.paths)).toEqual(
      expect.arrayContaining([
        "/pricing",
        "/submit",
        "/api/og/page/pricing.png",
        "/api/og/page/submit.png",
      ]),
    );
  });

  it("creates a plan, last by default, and refuses a bad or taken slug (422 on slug)", async () => {
    const created = await call(plansHandler, { method: "POST", body: newPlan(`gold-${run}`) });
    expect(created.status).toBe(201);
    const plans = (await consoleOffer()).plans;
    expect(plans.at(-1)).toMatchObject({ slug: `gold-${run}`, price_minor: 49_900, base: false });
    const [entry] = await auditOf("plan.create", plans.at(-1)!.id);
    expect(entry).toMatchObject({ actorEmail: MODERATOR, detail: { slug: `gold-${run}` } });

    for (const slug of ["Gold Plan", "a", "gold--plan", "-gold"]) {
      const bad = await call(plansHandler, { method: "POST", body: newPlan(slug) });
      expect(bad.status, slug).toBe(422);
      expect(Object.keys(bad.body!.errors as object), slug).toEqual(["slug"]);
    }
    const taken = await call(plansHandler, { method: "POST", body: newPlan("featured") });
    expect(taken.status).toBe(422);
    expect(taken.body!.errors).toEqual({ slug: [expect.stringMatching(/taken/)] });
  });

  it("refuses a negative price and other bad fields, each by name", async () => {
    const bad = await call(plansHandler, {
      method: "POST",
      body: newPlan(`neg-${run}`, {
        price_minor: -100,
        days: 0,
        name: "",
        includes: ["x".repeat(161)],
      }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body!.errors as object).sort()).toEqual([
      "days",
      "includes",
      "name",
      "price_minor",
    ]);
    const featured = await planIn("featured");
    const negative = await call(planHandler, {
      method: "PUT",
      slug: "featured",
      body: planBody(featured, { price_minor: -1 }),
    });
    expect(negative.status).toBe(422);
    expect(negative.body!.errors).toEqual({ price_minor: ["The price cannot be below zero"] });
  });

  it("keeps the base plan free and on sale, while its words may change", async () => {
    const standard = await planIn("standard");
    const priced = await call(planHandler, {
      method: "PUT",
      slug: "standard",
      body: planBody(standard, { price_minor: 500 }),
    });
    expect(priced.status).toBe(422);
    expect(priced.body!.errors).toEqual({ price_minor: [expect.stringMatching(/stays 0/)] });

    const renamed = await call(planHandler, {
      method: "PUT",
      slug: "standard",
      body: planBody(standard, { name: "Basic", days: 21 }),
    });
    expect(renamed.status).toBe(200);
    expect(planOf(await readOffer(handle.db), "standard")).toMatchObject({
      name: "Basic",
      days: 21,
      price_minor: 0,
    });

    const retired = await call(planRetireHandler, { method: "POST", slug: "standard" });
    expect(retired.status).toBe(409);
    expect(retired.body!.error).toMatch(/stays on sale/);
    expect(planOf(await readOffer(handle.db), "standard")?.retired).toBe(false);
  });

  it("refuses to make free a plan with packs on sale", async () => {
    const featured = await planIn("featured");
    const free = await call(planHandler, {
      method: "PUT",
      slug: "featured",
      body: planBody(featured, { price_minor: 0 }),
    });
    expect(free.status).toBe(422);
    expect(Object.keys(free.body!.errors as object)).toEqual(["price_minor"]);
  });

  it("answers 404 for a slug that names no plan", async () => {
    const standard = await planIn("standard");
    for (const slug of ["nothing-here", "Not A Slug"]) {
      const put = await call(planHandler, { method: "PUT", slug, body: planBody(standard) });
      expect(put.status, slug).toBe(404);
      expect(put.body!.code).toBe("not_found");
      expect((await call(planRetireHandler, { method: "POST", slug })).status).toBe(404);
    }
  });
});

describe("retiring and restoring", () => {
  it("retires a plan with its packs on sale, restores it without them", async () => {
    const slug = `retiring-${run}`;
    expect((await call(plansHandler, { method: "POST", body: newPlan(slug) })).status).toBe(201);
    const pack = `${slug}-5`;
    expect((await call(packsHandler, { method: "POST", body: newPack(pack, slug) })).status).toBe(
      201,
    );

    const retired = await call(planRetireHandler, { method: "POST", slug });
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ plan: { slug }, retired_packs: [pack] });
    let offer = await readOffer(handle.db);
    expect(plansOnSale(offer).map((plan) => plan.id)).not.toContain(slug);
    expect(planOf(offer, slug)?.retired).toBe(true);
    expect(packsOnSale(offer).map((p) => p.id)).not.toContain(pack);

    const planId = (retired.body!.plan as ConsolePlan).id;
    const [entry] = await auditOf("plan.retire", planId);
    expect(entry).toMatchObject({ actorEmail: MODERATOR, detail: { slug, packs: [pack] } });
    const [packEntry] = await auditOf("pack.retire");
    expect(packEntry).toMatchObject({
      subjectType: "pack",
      detail: { slug: pack, with_plan: slug },
    });

    // Its pack cannot come back while the plan is retired, nor be made of it anew.
    const early = await call(packRetireHandler, { method: "DELETE", slug: pack });
    expect(early.status).toBe(409);
    expect(early.body!.error).toMatch(/restore the plan/);
    const ofRetired = await call(packsHandler, {
      method: "POST",
      body: newPack(`${slug}-9`, slug),
    });
    expect(ofRetired.status).toBe(422);
    expect(Object.keys(ofRetired.body!.errors as object)).toEqual(["plan"]);

    const restored = await call(planRetireHandler, { method: "DELETE", slug });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ plan: { slug, retired_at: null }, retired_packs: [] });
    offer = await readOffer(handle.db);
    expect(planOf(offer, slug)?.retired).toBe(false);
    expect(packsOnSale(offer).map((p) => p.id)).not.toContain(pack);
    expect(await auditOf("plan.restore", planId)).toHaveLength(1);

    const packBack = await call(packRetireHandler, { method: "DELETE", slug: pack });
    expect(packBack.status).toBe(200);
    expect(packsOnSale(await readOffer(handle.db)).map((p) => p.id)).toContain(pack);

    // Retiring twice changes nothing more.
    expect((await call(packRetireHandler, { method: "POST", slug: pack })).status).toBe(200);
    expect((await call(packRetireHandler, { method: "POST", slug: pack })).status).toBe(200);
    expect(
      await auditOf("pack.retire", (await consoleOffer()).packs.find((p) => p.slug === pack)!.id),
    ).toHaveLength(2);
  });
});

describe("packs", () => {
  it("refuses a pack of the free plan, of an unknown plan, or without a price", async () => {
    const free = await call(packsHandler, {
      method: "POST",
      body: newPack(`free-${run}`, "standard"),
    });
    expect(free.status).toBe(422);
    expect(free.body!.errors).toEqual({ plan: [expect.stringMatching(/free/)] });

    const unknown = await call(packsHandler, {
      method: "POST",
      body: newPack(`ghost-${run}`, "no-such-plan"),
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body!.errors as object)).toEqual(["plan"]);

    const unpriced = await call(packsHandler, {
      method: "POST",
      body: newPack(`zero-${run}`, "featured", { price_minor: 0, listings: 0, credit_months: 40 }),
    });
    expect(unpriced.status).toBe(422);
    expect(Object.keys(unpriced.body!.errors as object).sort()).toEqual([
      "credit_months",
      "listings",
      "price_minor",
    ]);

    const taken = await call(packsHandler, {
      method: "POST",
      body: newPack("featured-3", "featured"),
    });
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.body!.errors as object)).toEqual(["slug"]);
  });

  it("changes a pack, with its before and after in the audit log", async () => {
    const [pack] = (await consoleOffer()).packs.filter((p) => p.slug === "featured-10");
    const answer = await call(packHandler, {
      method: "PUT",
      slug: "featured-10",
      body: {
        plan: pack!.plan,
        name: "Ten Featured listings",
        listings: pack!.listings,
        price_minor: 229_000,
        credit_months: 18,
      },
    });
    expect(answer.status).toBe(200);
    const read = (await readOffer(handle.db)).packs.find((p) => p.id === "featured-10");
    expect(read).toMatchObject({
      name: "Ten Featured listings",
      price_minor: 229_000,
      credit_months: 18,
    });
    const [entry] = await auditOf("pack.update", pack!.id);
    expect(entry).toMatchObject({
      actorEmail: MODERATOR,
      subjectType: "pack",
      detail: {
        slug: "featured-10",
        before: { name: pack!.name, price_minor: pack!.price_minor, credit_months: 12 },
        after: { name: "Ten Featured listings", price_minor: 229_000, credit_months: 18 },
      },
    });
    expect(
      (
        await call(packHandler, {
          method: "PUT",
          slug: "no-pack",
          body: { plan: "featured", name: "x", listings: 1, price_minor: 1, credit_months: 1 },
        })
      ).status,
    ).toBe(404);
  });
});

describe("settings", () => {
  it("refuses a comparison naming a plan that does not exist, or a currency it does not sell in", async () => {
    const unknown = await call(settingsHandler, {
      method: "PUT",
      body: {
        currency: "usd",
        comparison: [{ feature: "Magic", plans: ["standard", "platinum"] }],
      },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body!.errors).toEqual({ comparison: [expect.stringMatching(/platinum/)] });

    const currency = await call(settingsHandler, {
      method: "PUT",
      body: { currency: "xyz", comparison: [{ feature: "", plans: [] }] },
    });
    expect(currency.status).toBe(422);
    expect(Object.keys(currency.body!.errors as object).sort()).toEqual(["comparison", "currency"]);
  });

  it("sets the currency and the comparison, audited on subject 1", async () => {
    const comparison = [
      { feature: "Reviewed within a day", plans: ["standard", "sponsored", "featured"] },
      { feature: "Sponsored badge", plans: ["sponsored", "featured", "featured"] },
    ];
    const answer = await call(settingsHandler, {
      method: "PUT",
      body: { currency: "eur", comparison },
    });
    expect(answer.status).toBe(200);
    const offer = await readOffer(handle.db);
    expect(offer.currency).toBe("eur");
    // The prices are the same numbers, now read in euros.
    expect(planOf(offer, "featured")?.price_minor).toBe(34_900);
    expect(offer.comparison).toEqual([
      comparison[0],
      { feature: "Sponsored badge", plans: ["sponsored", "featured"] },
    ]);
    const [entry] = await auditOf("offer.settings", 1);
    expect(entry).toMatchObject({
      actorEmail: MODERATOR,
      subjectType: "offer",
      subjectId: 1,
      detail: { before: { currency: "usd" }, after: { currency: "eur" } },
    });
  });
});

describe("the recommended plan", () => {
  const recommended = async () =>
    (await consoleOffer()).plans.filter((plan) => plan.recommended).map((plan) => plan.slug);

  it("is one at most: making a plan recommended clears the others in its transaction, audited", async () => {
    const [before] = await recommended();
    expect(before).toBeDefined();
    const featured = await planIn("featured");
    const made = await call(planHandler, {
      method: "PUT",
      slug: "featured",
      body: planBody(featured, { recommended: true }),
    });
    expect(made.status).toBe(200);
    expect(await recommended()).toEqual(["featured"]);
    expect(planOf(await readOffer(handle.db), before!)?.recommended).toBe(false);
    const cleared = await planIn(before!);
    const [entry] = await auditOf("plan.update", cleared.id);
    expect(entry).toMatchObject({
      actorEmail: MODERATOR,
      detail: {
        slug: before,
        before: { recommended: true },
        after: { recommended: false },
        recommended_instead: "featured",
      },
    });
    const [own] = await auditOf("plan.update", featured.id);
    expect(own).toMatchObject({ detail: { after: { recommended: true } } });

    // A new plan made recommended takes it over too.
    const slug = `star-${run}`;
    const created = await call(plansHandler, {
      method: "POST",
      body: newPlan(slug, { recommended: true }),
    });
    expect(created.status).toBe(201);
    expect(await recommended()).toEqual([slug]);

    // Saving the recommended plan again, or another plan not recommended, changes nobody else.
    const star = await planIn(slug);
    expect(
      (await call(planHandler, { method: "PUT", slug, body: planBody(star, { days: 50 }) })).status,
    ).toBe(200);
    expect(
      (
        await call(planHandler, {
          method: "PUT",
          slug: "featured",
          body: planBody(await planIn("featured")),
        })
      ).status,
    ).toBe(200);
    expect(await recommended()).toEqual([slug]);
  });

  it("is held by the database too: a second recommended plan is refused", async () => {
    await expect(
      handle.db
        .update(listingPlans)
        .set({ recommended: true })
        .where(eq(listingPlans.slug, "standard")),
    ).rejects.toThrow();
    expect((await consoleOffer()).plans.filter((plan) => plan.recommended).length).toBe(1);
  });
});

describe("the audit log's history of what the board sells", () => {
  const history = (query: Record<string, string>, token = tokens.moderator) =>
    callApi(auditHandler, { query, headers: bearer(token) });

  it("filters by plan and by pack, with who made each change", async () => {
    const sponsored = await planIn("sponsored");
    expect(
      (
        await call(planHandler, {
          method: "PUT",
          slug: "sponsored",
          body: planBody(sponsored, { price_minor: sponsored.price_minor + 1_000 }),
        })
      ).status,
    ).toBe(200);
    const plan = await history({ subject_type: "plan", subject_id: String(sponsored.id) });
    expect(plan.status).toBe(200);
    const entries = plan.body!.entries as {
      action: string;
      subject_type: string;
      actor_email: string;
      detail: { after?: { price_minor?: number } };
    }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.subject_type === "plan")).toBe(true);
    expect(entries[0]).toMatchObject({
      action: "plan.update",
      actor_email: MODERATOR,
      detail: { after: { price_minor: sponsored.price_minor + 1_000 } },
    });

    const packs = await history({ subject_type: "pack" });
    expect(packs.status).toBe(200);
    const packEntries = packs.body!.entries as { action: string; subject_type: string }[];
    expect(packEntries.length).toBeGreaterThan(0);
    expect(new Set(packEntries.map((entry) => entry.subject_type))).toEqual(new Set(["pack"]));
    expect((await history({ subject_type: "offer", subject_id: "1" })).status).toBe(200);

    // The moderators' log, as the rest of it.
    expect((await history({ subject_type: "plan" }, tokens.employer)).status).toBe(403);
    expect((await history({ subject_type: "price" })).status).toBe(422);
  });
});
