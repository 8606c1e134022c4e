// @vitest-environment node
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, companies } from "@/lib/server/db/schema";
import companyHandler from "@/pages/api/company";
import listingsHandler from "@/pages/api/listings/index";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { validSubmission } from "@/tests/fixtures/job-submission";

/*
 * An employer's own company: made with their first listing, read and changed through
 * /api/company, and nobody else's reachable there.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const tokens = { employer: "", other: "" };

beforeAll(async () => {
  [tokens.employer, tokens.other] = await Promise.all([
    googleIdToken({ sub: `company-${run}`, email: `company-${run}@studio.example`, name: "Cy" }),
    googleIdToken({
      sub: `nocompany-${run}`,
      email: `nocompany-${run}@studio.example`,
      name: "No",
    }),
  ]);
});

beforeEach(() => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterAll(async () => {
  vi.unstubAllEnvs();
});

const get = (token: string) => callApi(companyHandler, { headers: token ? bearer(token) : {} });
const patch = (token: string, company: unknown) =>
  callApi(companyHandler, { method: "PATCH", headers: bearer(token), body: { company } });

describe("/api/company", () => {
  it("asks for sign-in, and has no company before the first listing", async () => {
    expect((await get("")).status).toBe(401);
    expect(await get(tokens.employer)).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
  });

  it("answers the company the first listing made, and changes only the caller's", async () => {
    const body = { ...validSubmission(), plan: "standard" };
    const posted = await callApi(listingsHandler, {
      method: "POST",
      headers: bearer(tokens.employer),
      body,
    });
    expect(posted.status).toBe(201);

    const mine = await get(tokens.employer);
    expect(mine).toMatchObject({
      status: 200,
      body: { company: { name: "Studio North", website: "https://studionorth.example" } },
    });
    const id = (mine.body as { company: { id: number; slug: string } }).company.id;
    const slug = (mine.body as { company: { id: number; slug: string } }).company.slug;

    const changed = await patch(tokens.employer, { name: "Studio North Films", about: "Films." });
    expect(changed).toMatchObject({
      status: 200,
      body: { company: { id, slug, name: "Studio North Films", about: "Films." } },
    });

    // Invalid fields: 422 beside each field, and nothing changes.
    const refused = await patch(tokens.employer, { name: "", website: "ftp://x.example" });
    expect(refused.status).toBe(422);
    expect(Object.keys((refused.body as { errors: object }).errors).sort()).toEqual([
      "name",
      "website",
    ]);
    // The logo is uploaded, not given as an address.
    const address = await patch(tokens.employer, { logo_url: "https://elsewhere.example/l.png" });
    expect(address.status).toBe(422);
    // Someone without a company reaches nobody's.
    expect((await patch(tokens.other, { name: "Taken over" })).status).toBe(404);
    expect((await get(tokens.other)).status).toBe(404);

    const [row] = await handle.db.select().from(companies).where(eq(companies.id, id));
    expect(row).toMatchObject({ name: "Studio North Films", about: "Films.", slug, logoUrl: null });

    // The change is in the audit log, by its employer, with the fields it changed; the refused
    // ones are not.
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "company"), eq(auditLog.subjectId, id)));
    expect(audit).toEqual([
      expect.objectContaining({
        action: "company.update",
        role: "employer",
        actorEmail: `company-${run}@studio.example`,
        detail: { fields: ["name", "about"] },
      }),
    ]);
  });
});
