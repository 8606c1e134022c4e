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
 * and bad input stores nothing. The purchase order reference: kept as typed in any script,
 * trimmed, blank for none, at most 35 characters, and only its own company's.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
let owner: Person;
let admin: Person;
let rival: Person;
let companyId: number;
let rivalCompanyId: number;

beforeAll(async () => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  owner = await person(handle.db, `billing-owner-${run}`, `owner-${run}@billing.example`, "Olive");
  admin = await person(handle.db, `billing-admin-${run}`, `admin-${run}@billing.example`, "Ada");
  ({ companyId } = await postListing(handle.db, owner, `Billing Studio ${run}`));
  await join(handle.db, companyId, admin, "admin");
  rival = await person(handle.db, `billing-rival-${run}`, `rival-${run}@billing.example`, "Rue");
  ({ companyId: rivalCompanyId } = await postListing(handle.db, rival, `Rival Studio ${run}`));
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
const stored = async (company = companyId) =>
  (await handle.db.select().from(billingDetails).where(eq(billingDetails.companyId, company)))[0];
const read = async (who: Person) =>
  (await callApi(billingHandler, { headers: bearer(who.token) })).body as {
    billing: { purchase_order: string | null } | null;
  };

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

describe("the purchase order reference", () => {
  it("is none until given, then read back trimmed, in whatever script it was typed", async () => {
    expect((await put(owner, details())).body).toMatchObject({ billing: { purchase_order: null } });
    const saved = await put(owner, details({ purchase_order: "  PO-2291 " }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ billing: { purchase_order: "PO-2291" } });
    expect((await read(admin)).billing!.purchase_order).toBe("PO-2291");
    expect((await stored())!.purchaseOrder).toBe("PO-2291");

    // Japanese (with a character beyond the BMP, counted once), Arabic, Polish: as typed.
    for (const typed of [
      "発注番号-𠮷野家-2291",
      "أمر شراء ٢٢٩١",
      "Zamówienie Łódź/ŻÓŁĆ-7",
      "𠮷".repeat(35),
    ]) {
      const answer = await put(admin, details({ purchase_order: typed }));
      expect(answer.status, typed).toBe(200);
      expect((await read(owner)).billing!.purchase_order).toBe(typed);
    }
  });

  it("is audited by name, and cleared by a blank or by leaving it out", async () => {
    await put(owner, details({ purchase_order: "PO-1" }));
    await put(admin, details({ purchase_order: "PO-2" }));
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.actorId, admin.userId)));
    expect(entries.at(-1)!.detail).toEqual({ fields: ["purchaseOrder"] });
    expect((await put(owner, details({ purchase_order: "   " }))).body).toMatchObject({
      billing: { purchase_order: null },
    });
    await put(owner, details({ purchase_order: "PO-3" }));
    expect((await put(owner, details())).body).toMatchObject({ billing: { purchase_order: null } });
  });

  it("refuses over 35 characters, or on two lines, with 422 naming the field, storing nothing", async () => {
    await put(owner, details({ purchase_order: "PO-2291" }));
    const before = await stored();
    for (const typed of ["P".repeat(36), "発".repeat(36), "PO-1\nPO-2", 2291]) {
      const refused = await put(owner, details({ purchase_order: typed }));
      expect(refused.status, String(typed)).toBe(422);
      expect(Object.keys((refused.body as { errors: object }).errors)).toEqual(["purchase_order"]);
    }
    expect(await stored()).toEqual(before);
    // 35 is allowed, spaces around it not counted.
    const longest = ` ${"P".repeat(35)} `;
    expect((await put(owner, details({ purchase_order: longest }))).body).toMatchObject({
      billing: { purchase_order: "P".repeat(35) },
    });
  });

  it("is not another company's to read or to change", async () => {
    await put(owner, details({ purchase_order: "PO-OURS-1" }));
    // The rival reads and writes its own company's details, never this one's.
    expect(await read(rival)).toEqual({ billing: null });
    const theirs = await put(rival, details({ purchase_order: "PO-THEIRS-9" }));
    expect(theirs.status).toBe(200);
    expect((await stored())!.purchaseOrder).toBe("PO-OURS-1");
    expect((await stored(rivalCompanyId))!.purchaseOrder).toBe("PO-THEIRS-9");
    expect((await read(owner)).billing!.purchase_order).toBe("PO-OURS-1");
    // A company id in the body is refused, not followed.
    const aimed = await put(rival, { ...details(), company_id: companyId });
    expect(aimed.status).toBe(422);
    expect((await stored())!.purchaseOrder).toBe("PO-OURS-1");
  });
});
