import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from "vitest";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import { jobs } from "@/lib/server/db/schema";
import { registerPageCache } from "@/lib/server/http/page-cache";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/**
 * The setting of the API tests of employers' listings: one database for the file, real
 * emulator ID tokens for a new employer in each test (`{prefix}-…@studio.example`, named
 * `name`), another user and a moderator, with reCAPTCHA and Stripe switched off. Registers the
 * file's hooks; `suite.handle` and `suite.tokens` are filled in by them.
 */
export function employerSuite(prefix: string, name: string) {
  const run = Math.random().toString(36).slice(2, 8);
  const suite = {
    run,
    moderatorEmail: `moderator-${run}@creatorjobs.example`,
    /** This test's employer's address. */
    employerEmail: "",
    tokens: { employer: "", other: "", moderator: "" },
    handle: setUpTestDatabase(),
    /** The job's row as stored. */
    jobRow: async (id: number) =>
      (await suite.handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!,
    /** The moderator approves the listing. */
    approve: async (id: number) => {
      const { status } = await callApi(moderationHandler, {
        method: "POST",
        params: { listingId: String(id) },
        headers: bearer(suite.tokens.moderator),
        body: { decision: "approve" },
      });
      expect(status).toBe(200);
    },
  };

  beforeAll(async () => {
    [suite.tokens.other, suite.tokens.moderator] = await Promise.all([
      googleIdToken({ sub: `other-${run}`, email: `other-${run}@agency.example`, name: "Otto" }),
      googleIdToken({ sub: `moderator-${run}`, email: suite.moderatorEmail, name: "Mo" }),
    ]);
  });

  let employers = 0;
  beforeEach(async () => {
    // Each test's employer is a new account: the submission limit counts per employer.
    employers += 1;
    suite.employerEmail = `${prefix}-${run}-${employers}@studio.example`;
    suite.tokens.employer = await googleIdToken({
      sub: `${prefix}-${run}-${employers}`,
      email: suite.employerEmail,
      name,
    });
    vi.stubEnv("ADMIN_EMAILS", suite.moderatorEmail);
    vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  afterAll(() => {
    registerPageCache(undefined);
  });

  return suite;
}
