// @vitest-environment node
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "@/lib/server/db/schema";
import listingsHandler from "@/pages/api/listings/index";
import listingHandler from "@/pages/api/listings/[listingId]/index";
import { callApi } from "@/tests/api/call";
import { employerSuite } from "@/tests/api/employer-suite";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { bearer } from "@/tests/support/auth";
import { healthMeanwhile } from "@/tests/support/health-meanwhile";

/*
 * An employer's Markdown is rendered off the request thread, within bounds (issue 60): 20 kB of
 * "*a" took 2.2 s of the server's one thread, and 10,000 nested ">" overflowed its stack (a 500).
 * Now /api/health answers meanwhile, and what passes a bound is refused on its field.
 */

const suite = employerSuite("markdown", "Mia");
const { answeringMeanwhile } = healthMeanwhile();

const submit = (description: string) =>
  callApi(listingsHandler, {
    method: "POST",
    headers: bearer(suite.tokens.employer),
    body: {
      ...validSubmission(),
      plan: "standard",
      job: { ...validSubmission().job, description },
    },
  });

describe("a listing's Markdown", () => {
  it("is rendered in its worker, bundled from the sources on first use here", async () => {
    expect((await submit(validSubmission().job.description)).status).toBe(201);
  });

  it("of 20 kB of emphasis marks is rendered while the server answers", async () => {
    const answer = await answeringMeanwhile(() => submit("*a".repeat(10_000)), 1);
    // Within the worker's bounds it is stored, its HTML sanitised; past them, refused.
    if (answer.status === 201) {
      const [row] = await suite.handle.db
        .select({ html: jobs.descriptionHtml })
        .from(jobs)
        .where(eq(jobs.id, (answer.body as { id: number }).id));
      expect(row!.html).toMatch(/^<p>/);
    } else {
      expect(answer).toMatchObject({
        status: 422,
        body: { errors: { "job.description": [expect.any(String)] } },
      });
    }
  });

  it("nested past the stack is refused on its field, for a new listing and an edit", async () => {
    const nested = `${">".repeat(10_000)} ${"Join our team. ".repeat(20)}`;
    const refused = await answeringMeanwhile(() => submit(nested), 1);
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: { "job.description": [expect.stringMatching(/too complex to show/)] } },
    });
    const posted = await submit(validSubmission().job.description);
    expect(posted.status).toBe(201);
    const id = (posted.body as { id: number }).id;
    const stored = async () =>
      (
        await suite.handle.db
          .select({ description: jobs.description, html: jobs.descriptionHtml })
          .from(jobs)
          .where(eq(jobs.id, id))
      )[0];
    const before = await stored();
    const edited = await callApi(listingHandler, {
      method: "PATCH",
      params: { listingId: String(id) },
      headers: bearer(suite.tokens.employer),
      body: { job: { ...validSubmission().job, description: nested } },
    });
    expect(edited).toMatchObject({
      status: 422,
      body: { errors: { "job.description": [expect.stringMatching(/too complex to show/)] } },
    });
    expect(await stored()).toEqual(before);
  });
});
