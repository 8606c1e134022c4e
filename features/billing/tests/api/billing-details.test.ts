// @vitest-environment node
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, billingDetails } from "@/lib/server/db/schema";
import billingHandler from "@/pages/api/company/billing";
import { callApi } from "@/tests/api/call";
import { join, person, postListing, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * A company's billing details (issue 45): set and read by owner and admins (the role matrix
 * covers who else is refused), a VAT ID checked for its country's shape and its check digits,
 * and bad input stores nothing.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
let owner: Person;
let admin: Person;
let companyId: number;

beforeAll(async () => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  owner = await person(handle.db, `billing-owner-${run}`, `owner-${run}@billing.example`, "Olive");
  admin = await person(handle.db, `billing-admin-${run}`, `admin-${run}@billing.example`, "Ada");
  ({ companyId } = await postListing(handle.db, owner, `Billing Studio ${run}`));
  await join(handle.db, companyId, admin, "admin");
});

afterAll(() => {
  vi.unstubAllEnvs();
});

const details = (change: Record<string, unknown> = {}) => ({
  legal_name: "Nordlicht Media GmbH",
  address_line1: "Torstraße 1",
  address_line2: "",
  city: "Berlin",
  postal_code: "10119",
  region: "",
  country: "de",
  vat_id: "de 136.695.976",
  ...change,
});
const put = (who: Person, billing: unknown) =>
  callApi(billingHandler, { method: "PUT", headers: bearer(who.token), body: { billing } });
const stored = async () =>
  (await handle.db.select().from(billingDetails).where(eq(billingDetails.companyId, companyId)))[0];

describe("billing details", () => {
  it("are null until given, then kept as the form gave them, the VAT ID compact", async () => {
    expect((await callApi(billingHandler, { headers: bearer(owner.token) })).body).toEqual({
      billing: null,
    });
    const saved = await put(owner, details());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      billing: {
        legal_name: "Nordlicht Media GmbH",
        address_line2: null,
        region: null,
        country: "DE",
        vat_id: "DE136695976",
      },
    });
    // An admin changes them too; the change is on the company's record, with the fields named.
    const changed = await put(admin, details({ city: "Hamburg", postal_code: "20095" }));
    expect(changed.body).toMatchObject({ billing: { city: "Hamburg" } });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, companyId),
          eq(auditLog.action, "company.billing"),
          eq(auditLog.actorId, admin.userId),
        ),
      );
    expect(entry!.detail).toEqual({ fields: ["city", "postalCode"] });
  });

  it("refuses a VAT ID of another country's shape, a mistyped digit, and missing fields", async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ vat_id: "FR40303265045" }, "vat_id"],
      [{ vat_id: "DE12345" }, "vat_id"],
      [{ vat_id: "DE136695977" }, "vat_id"],
      [{ country: "GR", vat_id: "GR094259216" }, "vat_id"],
      [{ country: "XX" }, "country"],
      [{ legal_name: " " }, "legal_name"],
      [{ city: "Berlin\nMitte" }, "city"],
    ];
    for (const [change, field] of cases) {
      const refused = await put(owner, details(change));
      expect(refused.status, JSON.stringify(change)).toBe(422);
      expect(Object.keys((refused.body as { errors: object }).errors)).toEqual([field]);
    }
    expect(await stored()).toEqual(before);
    // Greece's prefix is EL; a UK buyer's may be GB or XI; a blank VAT ID is none.
    expect((await put(owner, details({ country: "GR", vat_id: "EL094259216" }))).status).toBe(200);
    expect((await put(owner, details({ country: "GB", vat_id: "XI980780684" }))).status).toBe(200);
    expect((await put(owner, details({ vat_id: " " }))).body).toMatchObject({
      billing: { vat_id: null },
    });
  });
});
