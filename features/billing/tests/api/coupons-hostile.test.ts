// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { couponRedemptions, coupons, invoices } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * Coupon codes typed by a hostile buyer (issue 63): a code is a key into the coupons table, and
 * nothing else. Keys of JavaScript's objects, SQL, control characters, scripts of every kind: each
 * a 422 on `coupon` (or `code`) that stores nothing; a body beyond the API's bound a 413; a
 * flood of guesses meets the quote's rate limit (429), never a 5xx.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
let made = 0;

beforeAll(() => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
});

afterAll(() => {
  vi.unstubAllEnvs();
});

async function newCompany() {
  made += 1;
  const who = await person(
    handle.db,
    `ch-${run}-${made}`,
    `owner-${run}-${made}@hostile-coupons.example`,
    "Owner",
  );
  const { companyId } = await postListing(handle.db, who, `Hostile Coupons ${run} ${made}`);
  return { who, companyId };
}

const ask = (who: Person, code: unknown) =>
  callApi(routeFor("/api/company/coupon-quote"), {
    method: "POST",
    headers: bearer(who.token),
    body: { code, product: { kind: "pack", slug: "sponsored-3" } },
  });

const HOSTILE_CODES = [
  "__proto__",
  "constructor",
  "hasOwnProperty",
  "toString",
  "' OR '1'='1' --",
  "%",
  "_",
  "\u202eEDOC",
  "割引コード",
  "خصم",
  "ZNIŻKA-ŻÓŁĆ",
  "😀😀😀",
];

describe("a hostile coupon code", () => {
  it("is an unknown code, answered 422 on coupon, and redeems nothing", async () => {
    const { who, companyId } = await newCompany();
    for (const code of HOSTILE_CODES) {
      const answer = await ask(who, code);
      expect({ code, status: answer.status }).toEqual({ code, status: 422 });
      expect(answer.body).toMatchObject({ errors: { coupon: ["There is no such coupon code"] } });
    }
    const bought = await callApi(routeFor("/api/company/packs"), {
      method: "POST",
      headers: bearer(who.token),
      body: { pack: "sponsored-3", coupon: "__proto__" },
    });
    expect(bought.status).toBe(422);
    expect(bought.body).toMatchObject({ errors: { coupon: ["There is no such coupon code"] } });
    expect(
      await handle.db.select().from(invoices).where(eq(invoices.companyId, companyId)),
    ).toHaveLength(0);
    expect(
      await handle.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.companyId, companyId)),
    ).toHaveLength(0);
  });

  it("refuses what is not a short string, field by field, before any lookup", async () => {
    const { who } = await newCompany();
    for (const code of ["", "   ", "A".repeat(33), "SAVE\u0000ALL"]) {
      const answer = await ask(who, code);
      expect(answer.status).toBe(422);
      expect(answer.body).toHaveProperty("errors.code");
    }
    for (const code of [null, 42, ["A"], { __proto__: { admin: true } }]) {
      const answer = await ask(who, code);
      expect(answer.status).toBe(422);
      expect(answer.body).toHaveProperty("errors.code");
    }
    const huge = await ask(who, "A".repeat(100_000));
    expect(huge.status).toBe(413);
    expect(huge.body).toHaveProperty("error");
    const smuggled = await callApi(routeFor("/api/company/coupon-quote"), {
      method: "POST",
      headers: bearer(who.token),
      raw: `{"code":"X","product":{"kind":"pack","slug":"sponsored-3","__proto__":{"price_minor":0}}}`,
    });
    expect(smuggled.status).toBe(422);
    expect(await handle.db.select().from(coupons).where(eq(coupons.code, "X"))).toHaveLength(0);
  });

  it("cannot be guessed by asking: a flood meets 429, and nothing answers 5xx", async () => {
    const { who } = await newCompany();
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, n) => ask(who, `GUESS-${run}-${n}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 422)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(answers.find((answer) => answer.status === 429)!.body).toMatchObject({
      error: expect.stringMatching(/^Too many coupon codes tried from your account\./),
    });
    // Another person of the board is not held back by this one's guesses.
    const other = await newCompany();
    expect((await ask(other.who, `GUESS-${run}-other`)).status).toBe(422);
  });
});
