// @vitest-environment node
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import editDecisionHandler from "@/pages/api/moderation/edits/[editId]";
import editQueueHandler from "@/pages/api/moderation/edits/index";
import jobHandler from "@/pages/api/jobs/[jobId]";
import listingHandler from "@/pages/api/listings/[listingId]/index";
import listingsHandler from "@/pages/api/listings/index";
import { jobs, listingEdits } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { employerSuite } from "@/tests/api/employer-suite";
import { validSubmission, type SubmissionBody } from "@/tests/fixtures/job-submission";
import { bearer } from "@/tests/support/auth";

/*
 * Where a listing can be done, through its edit (PATCH /api/listings/{id} with `place`, as
 * /submit takes it): stored, refused when wrong, held with an edit waiting for review.
 */

const suite = employerSuite("placer", "Pia");
const { tokens, jobRow, approve } = suite;

const editsOf = (id: number) =>
  suite.handle.db.select().from(listingEdits).where(eq(listingEdits.jobId, id));

type Job = SubmissionBody["job"];
const REMOTE = { region: "remote", location: "Remote (UK and Ireland)" } as const;

/** Posts a listing (its job changed by `change`, with `place` if given); answers its id. */
async function post(change: Partial<Job> = {}, place?: unknown) {
  const body = { ...validSubmission(), plan: "standard" };
  body.job = { ...body.job, ...change };
  const { status, body: receipt } = await callApi(listingsHandler, {
    method: "POST",
    body: place ? { ...body, place } : body,
    headers: bearer(tokens.employer),
  });
  expect(status).toBe(201);
  return receipt!.id as number;
}

/** PATCH of the listing: the job as posted, changed by `change`, and `place` if given. */
const edit = (id: number, change: Partial<Job>, place?: unknown, token: string = tokens.employer) =>
  callApi(listingHandler, {
    method: "PATCH",
    params: { listingId: String(id) },
    headers: bearer(token),
    body: {
      job: { ...validSubmission().job, ...change },
      ...(place === undefined ? {} : { place }),
    },
  });

const detail = (id: number) =>
  callApi(listingHandler, {
    method: "GET",
    params: { listingId: String(id) },
    headers: bearer(tokens.employer),
  });

describe("a listing's place, through its edit", () => {
  it("stores the remote countries an edit gives, and answers them with the fields", async () => {
    const id = await post(REMOTE);
    expect((await jobRow(id)).remoteCountries).toEqual(["GB", "IE"]);

    const { status, body } = await edit(id, REMOTE, { remote_countries: ["GB", "IE", "NL"] });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      outcome: "updated",
      fields: {
        location: "Remote (UK and Ireland)",
        place: { remote_countries: ["GB", "IE", "NL"] },
      },
      pending_fields: null,
    });
    expect(await jobRow(id)).toMatchObject({
      remoteCountries: ["GB", "IE", "NL"],
      addressCountry: null,
    });
    expect((await detail(id)).body).toMatchObject({
      fields: { place: { remote_countries: ["GB", "IE", "NL"], address_locality: null } },
    });
  });

  it("keeps a chosen place through edits that leave it out, and reads it again when the location changes", async () => {
    const id = await post(REMOTE, { remote_countries: ["DE"] });
    expect((await jobRow(id)).remoteCountries).toEqual(["DE"]);
    // The title alone: the place stays as chosen (not read from "UK and Ireland").
    await edit(id, { ...REMOTE, title: "Head of Creator Partnerships" });
    expect((await jobRow(id)).remoteCountries).toEqual(["DE"]);
    // New words and a place given with them: the place given wins.
    await edit(
      id,
      { region: "remote", location: "Remote — North America" },
      {
        remote_countries: ["DE"],
      },
    );
    expect((await jobRow(id)).remoteCountries).toEqual(["DE"]);
    // New words and no place: read again, as before this change.
    await edit(id, { region: "remote", location: "Remote (UK and Ireland)" });
    expect((await jobRow(id)).remoteCountries).toEqual(["GB", "IE"]);
  });

  it.each([
    ["a country that is not one", { remote_countries: ["UK"] }, "place.remote_countries"],
    ["an address country by name", { address_country: "Germany" }, "place.address_country"],
    ["an unknown place field", { address_street: "1 Main St" }, "place.address_street"],
  ])("refuses %s with 422 on %s and changes nothing", async (_, place, field) => {
    const id = await post(REMOTE);
    await approve(id);
    const before = await jobRow(id);
    const { status, body } = await edit(id, { ...REMOTE, title: "Partnerships Lead" }, place);
    expect(status).toBe(422);
    expect(Object.keys(body!.errors as object)).toEqual([field]);
    expect(await jobRow(id)).toEqual(before);
    expect(await editsOf(id)).toEqual([]);
  });

  it("asks a live listing stored open anywhere (no country) for its countries before any edit", async () => {
    const id = await post(REMOTE);
    await approve(id);
    // Stored before the rule: remote, no country (Google leaves it out of its job search).
    await suite.handle.db.update(jobs).set({ remoteCountries: [] }).where(eq(jobs.id, id));
    const before = await jobRow(id);
    for (const place of [undefined, { remote_countries: [] }]) {
      const { status, body } = await edit(id, { ...REMOTE, title: "Partnerships Lead" }, place);
      expect(status).toBe(422);
      expect(Object.keys(body!.errors as object)).toEqual(["place.remote_countries"]);
      expect(await jobRow(id)).toEqual(before);
    }
    // Naming them completes the listing rather than moving it: live at once, with no review.
    const named = await edit(id, REMOTE, { remote_countries: ["GB", "IE"] });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ outcome: "updated" });
    expect((await jobRow(id)).remoteCountries).toEqual(["GB", "IE"]);
    expect(await editsOf(id)).toEqual([]);
    const page = await callApi(jobHandler, { method: "GET", params: { jobId: String(id) } });
    expect(page.body).toMatchObject({ place: { remote_countries: ["GB", "IE"] } });
  });

  it("refuses to place another employer's listing, and nothing changes", async () => {
    const id = await post(REMOTE);
    const before = await jobRow(id);
    const { status } = await edit(id, REMOTE, { remote_countries: ["FR"] }, tokens.other);
    expect(status).toBe(404);
    expect(await jobRow(id)).toEqual(before);
  });

  it("holds a live listing's new place with its material edit until a moderator publishes it", async () => {
    const id = await post(REMOTE, { remote_countries: ["GB", "IE"] });
    await approve(id);
    const { status, body } = await edit(
      id,
      { ...REMOTE, title: "Partnerships Lead" },
      { remote_countries: ["GB", "IE", "NL"] },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      outcome: "in_review",
      fields: { title: "Creator Partnerships Manager", place: { remote_countries: ["GB", "IE"] } },
      pending_fields: {
        title: "Partnerships Lead",
        place: { remote_countries: ["GB", "IE", "NL"] },
      },
    });
    // Live as approved, the old place too; the new one waits with the edit.
    expect((await jobRow(id)).remoteCountries).toEqual(["GB", "IE"]);
    const page = await callApi(jobHandler, { params: { jobId: String(id) } });
    expect(page.body).toMatchObject({ place: { remote_countries: ["GB", "IE"] } });
    const [pending] = await editsOf(id);
    expect(pending).toMatchObject({
      status: "pending",
      changes: { title: "Partnerships Lead", place: { remote_countries: ["GB", "IE", "NL"] } },
    });

    const queue = await callApi(editQueueHandler, { headers: bearer(tokens.moderator) });
    const queued = (
      queue.body!.edits as { id: number; listing_id: number; changed: string[] }[]
    ).find((item) => item.listing_id === id)!;
    expect(queued.changed.sort()).toEqual(["place", "title"]);
    const decided = await callApi(editDecisionHandler, {
      method: "POST",
      params: { editId: String(queued.id) },
      headers: bearer(tokens.moderator),
      body: { decision: "approve" },
    });
    expect(decided).toMatchObject({ status: 200, body: { listing_id: id, published: true } });
    expect(await jobRow(id)).toMatchObject({
      title: "Partnerships Lead",
      remoteCountries: ["GB", "IE", "NL"],
    });
    const after = await callApi(jobHandler, { params: { jobId: String(id) } });
    expect(after.body).toMatchObject({ place: { remote_countries: ["GB", "IE", "NL"] } });
  });

  it("holds a change of the place alone for review, and lets the form's unchanged place through with a pay change", async () => {
    // On-site: London, UK, read as London, England, GB.
    const id = await post();
    await approve(id);
    const { body: shown } = await detail(id);
    expect(shown).toMatchObject({
      fields: {
        place: {
          remote_countries: null,
          address_locality: "London",
          address_region: "GB-ENG",
          address_region_label: "England",
          address_country: "GB",
        },
      },
    });
    // The form sends the place as it shows it (the region by its label): nothing moves.
    const asShown = {
      address_locality: "London",
      address_region: "England",
      address_country: "GB",
    };
    const pay = await edit(id, { salary_max: "75000" }, asShown);
    expect(pay.body).toMatchObject({ outcome: "updated", pending_fields: null });
    expect(await jobRow(id)).toMatchObject({ salaryMax: 75_000, addressRegion: "GB-ENG" });
    expect(await editsOf(id)).toEqual([]);

    const moved = await edit(
      id,
      { salary_max: "75000" },
      { ...asShown, address_locality: "Croydon" },
    );
    expect(moved.body).toMatchObject({
      outcome: "in_review",
      fields: { place: { address_locality: "London" } },
      pending_fields: { place: { address_locality: "Croydon", address_region: "GB-ENG" } },
    });
    expect((await jobRow(id)).addressLocality).toBe("London");
    // The moderators see where it moves, beside where it is live.
    const queue = await callApi(editQueueHandler, { headers: bearer(tokens.moderator) });
    expect(
      (queue.body!.edits as { listing_id: number }[]).find((item) => item.listing_id === id),
    ).toMatchObject({
      changed: ["place"],
      live_place: { address_locality: "London" },
      proposed_place: { address_locality: "Croydon", address_region_label: "England" },
    });
  });
});
