// @vitest-environment node
import { readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { sealMessage } from "mailauth";
import { createTransport } from "nodemailer";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import applyHandler from "@/pages/api/jobs/[jobId]/applications";
import ownHandler from "@/pages/api/job_applications/index";
import withdrawHandler from "@/pages/api/job_applications/[applicationId]/withdraw";
import applicantsHandler from "@/pages/api/listings/[listingId]/applicants/index";
import applicantHandler from "@/pages/api/listings/[listingId]/applicants/[applicationId]/index";
import notesHandler from "@/pages/api/listings/[listingId]/applicants/[applicationId]/notes";
import employerMessagesHandler from "@/pages/api/listings/[listingId]/applicants/[applicationId]/messages";
import candidateMessagesHandler from "@/pages/api/job_applications/[applicationId]/messages";
import cvHandler from "@/pages/api/listings/[listingId]/applicants/[applicationId]/cv";
import rejectHandler from "@/pages/api/listings/[listingId]/applicants/reject";
import fillHandler from "@/pages/api/listings/[listingId]/fill";
import listingsHandler from "@/pages/api/listings/index";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import currentUserHandler from "@/pages/api/current_user";
import trackedApplicationsHandler from "@/pages/api/applied_jobs/index";
import { applicationBodySchema } from "@/features/applications/schemas";
import { applyToJobOnBoard } from "@/features/applications/server/candidate-applications";
import { replyAddress } from "@/features/applications/server/reply-address";
import { startReplyInbox, type ReplyInbox } from "@/features/applications/server/reply-inbox";
import {
  applicantConversationUrl,
  conversationUrl,
} from "@/features/applications/server/mail/application-mails";
import { readServerEnv } from "@/lib/server/env";
import { cvStore, newCvKey } from "@/lib/server/storage/cv-store";
import { rowsOf } from "@/lib/server/db/client";
import {
  applicationMessages,
  applicationNotes,
  candidateCvs,
  jobApplications,
  jobs,
  preferences,
  users,
} from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { callApi } from "@/tests/api/call";
import { onePagePdf } from "@/tests/fixtures/pdf";
import { employerSuite } from "@/tests/api/employer-suite";
import { bearer, googleIdToken, withClaims } from "@/tests/support/auth";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { setUpTempFileStores } from "@/tests/support/files";
import { mailDns, SELECTOR } from "@/tests/support/mail-dns";

/*
 * Applications on the board (issue 27), through the API: a candidate applies with the CV on
 * their profile, the listing's employer hears of it (at once or in a daily digest) and runs the
 * pipeline, nobody else sees or moves anything, a listing that leaves the board closes what is
 * still open, with a mail each, and what candidates sent is deleted 180 days after that.
 */

const suite = employerSuite("pipeline", "Pia");
const { tokens, approve } = suite;
const { cvDir } = setUpTempFileStores();

const QUESTIONS = [
  { id: "q1", kind: "yes_no", prompt: "Can you work UK hours?", required: true },
  { id: "q2", kind: "short", prompt: "Your favourite channel?", required: false },
] as const;

let candidates = 0;
/** A new candidate: their token, their user row, and (unless told not to) a CV on the profile. */
async function candidate(withCv = true) {
  candidates += 1;
  const email = `cand-${suite.run}-${candidates}@mail.example`;
  const token = await googleIdToken({ sub: `cand-${suite.run}-${candidates}`, email, name: "Ada" });
  expect((await callApi(currentUserHandler, { headers: bearer(token) })).status).toBe(200);
  const [user] = await suite.handle.db.select().from(users).where(eq(users.email, email));
  if (withCv) {
    const key = newCvKey();
    const bytes = await onePagePdf();
    await cvStore().put(key, bytes);
    await suite.handle.db
      .insert(candidateCvs)
      .values({ userId: user!.id, cvKey: key, cvName: "ada-cv.pdf", cvBytes: bytes.length });
  }
  return { token, email, id: user!.id };
}

/** A live listing of this test's employer that takes applications on the board. */
async function boardListing(change: Partial<typeof jobs.$inferInsert> = {}) {
  const body = { ...validSubmission(), plan: "standard" };
  const { status, body: receipt } = await callApi(listingsHandler, {
    method: "POST",
    body,
    headers: bearer(tokens.employer),
  });
  expect(status).toBe(201);
  const id = receipt!.id as number;
  await approve(id);
  await suite.handle.db
    .update(jobs)
    .set({ applyMethod: "board", screeningQuestions: [...QUESTIONS], ...change })
    .where(eq(jobs.id, id));
  return id;
}

/** An application as the form sends it: no address, which is the account's own. */
const application = (extra: Record<string, unknown> = {}) => ({
  full_name: "Ada Lovelace",
  headline: "Video editor",
  links: ["https://ada.example"],
  cover_note: "I cut 300 videos last year.",
  answers: { q1: "yes", q2: "MKBHD" },
  ...extra,
});

const apply = (jobId: number, token: string, body: unknown = application()) =>
  callApi(applyHandler, {
    method: "POST",
    params: { jobId: String(jobId) },
    headers: bearer(token),
    body,
  });

const applicants = (jobId: number, token = tokens.employer, query: Record<string, string> = {}) =>
  callApi(applicantsHandler, {
    params: { listingId: String(jobId) },
    query,
    headers: bearer(token),
  });

const applicant = (jobId: number, id: number, token = tokens.employer, body?: unknown) =>
  callApi(applicantHandler, {
    method: body ? "PATCH" : "GET",
    params: { listingId: String(jobId), applicationId: String(id) },
    headers: bearer(token),
    ...(body ? { body } : {}),
  });

/** A private note on applicant `id` of listing `jobId`, written as `token`'s holder. */
const addNote = (jobId: number, id: number, body: string, token = tokens.employer) =>
  callApi(notesHandler, {
    method: "POST",
    params: { listingId: String(jobId), applicationId: String(id) },
    headers: bearer(token),
    body: { body },
  });

async function queuedMail(template: string) {
  return rowsOf<{ data: { template: string; to: string; props: Record<string, unknown> } }>(
    await suite.handle.db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'template' = ${template} order by created_on`,
    ),
  ).map((row) => row.data);
}

const applicationCount = async () =>
  (await suite.handle.db.select({ id: jobApplications.id }).from(jobApplications)).length;

describe("applying on the board", () => {
  it("takes one application per person, with a copy of the profile's CV, and sends a receipt", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const response = await apply(jobId, ada.token);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      application: { job: { id: jobId }, stage: "new", withdrawn_at: null, closed_reason: null },
    });
    const [row] = await suite.handle.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.userId, ada.id));
    const [profile] = await suite.handle.db
      .select()
      .from(candidateCvs)
      .where(eq(candidateCvs.userId, ada.id));
    // Its own copy: replacing the profile's CV later leaves what the employer got.
    expect(row!.cvKey).not.toBe(profile!.cvKey);
    expect(await cvStore().get(row!.cvKey!)).toEqual(await cvStore().get(profile!.cvKey));
    expect(row!.answers).toEqual([
      { question_id: "q1", answer: "yes" },
      { question_id: "q2", answer: "MKBHD" },
    ]);
    // Sent from, and to, the address Ada signed in with.
    expect(row!.email).toBe(ada.email);
    expect((await queuedMail("application-received")).map((mail) => mail.to)).toContain(ada.email);

    const again = await apply(jobId, ada.token);
    expect(again.status).toBe(409);
    const own = await callApi(ownHandler, { headers: bearer(ada.token) });
    expect(own.body).toMatchObject({ applications: [{ job: { id: jobId }, stage: "new" }] });
  });

  it.each([
    ["a required question left empty", { answers: { q2: "x" } }, "answers.q1"],
    ["a yes/no question answered otherwise", { answers: { q1: "maybe" } }, "answers.q1"],
    ["a name left out", { full_name: "" }, "full_name"],
    ["an address that is not one", { email: "ada" }, "email"],
    ["a link that is not one", { links: ["javascript:alert(1)"] }, "links"],
  ])("refuses %s with 422 on its field, storing nothing", async (_, change, field) => {
    const jobId = await boardListing();
    const ada = await candidate();
    const before = await applicationCount();
    const response = await apply(jobId, ada.token, application(change));
    expect(response.status).toBe(422);
    expect(Object.keys(response.body!.errors as object)).toContain(field);
    expect(await applicationCount()).toBe(before);
  });

  it("sends nothing to an address the account does not have (422 on email), nor from an unverified account (403)", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const before = await applicationCount();
    const mailed = (await queuedMail("application-received")).length;

    // Issue 40: the address was free text, and the receipt went to anyone's.
    const other = await apply(jobId, ada.token, application({ email: "victim@else.example" }));
    expect(other.status).toBe(422);
    expect(other.body!.errors).toEqual({ email: [expect.stringContaining(ada.email)] });

    // The same address as the account's, in other letters, is the account's.
    const same = await apply(jobId, ada.token, application({ email: ada.email.toUpperCase() }));
    expect(same.status).toBe(201);
    await suite.handle.db.delete(jobApplications).where(eq(jobApplications.userId, ada.id));

    // A provider that lets anyone sign up with any address: the address is only a claim.
    const claimed = `unverified-${suite.run}@mail.example`;
    const unverified = await googleIdToken({
      sub: `unverified-${suite.run}`,
      email: claimed,
      name: "Mallory",
      email_verified: false,
    });
    const response = await apply(jobId, unverified, application());
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: "forbidden",
      error: expect.stringMatching(/verified/),
    });
    expect(await applicationCount()).toBe(before);
    expect((await queuedMail("application-received")).length).toBe(mailed + 1);
    expect((await queuedMail("application-received")).map((mail) => mail.to)).not.toContain(
      claimed,
    );
  });

  it.each(["constructor", "__proto__", "prototype", "toString"])(
    "reads an answer keyed %s as no answer to any question, never one every object has",
    async (key) => {
      const jobId = await boardListing();
      const ada = await candidate();
      const body = JSON.parse(
        `{"full_name":"Ada","answers":{"q1":"yes",${JSON.stringify(key)}:"x"}}`,
      ) as unknown;
      const response = await apply(jobId, ada.token, body);
      if (key === "toString") {
        // Not a reserved name: an answer to no question, dropped as such.
        expect(response.status).toBe(201);
        const [row] = await suite.handle.db
          .select({ answers: jobApplications.answers })
          .from(jobApplications)
          .where(eq(jobApplications.userId, ada.id));
        expect(row!.answers).toEqual([{ question_id: "q1", answer: "yes" }]);
      } else {
        // Refused as the same key is at the top level: 422, not dropped without a word.
        expect(response.status).toBe(422);
        expect(response.body!.errors).toEqual({ [`answers.${key}`]: ["Unknown field"] });
      }
    },
  );

  it("reads a listing's stored question `constructor` as a question like any other", async () => {
    // Issue 40: every application to such a listing was a 500. Ids are checked now (and
    // migration 0024 renamed the stored ones); the service reads answers as a map besides.
    const questions = [
      { id: "constructor", kind: "yes_no", prompt: "Can you start in May?", required: true },
    ] as const;
    const jobId = await boardListing({ screeningQuestions: [...questions] });
    const ada = await candidate();
    const [user] = await suite.handle.db.select().from(users).where(eq(users.id, ada.id));
    const body = applicationBodySchema.parse(application({ answers: {} }));
    await expect(
      applyToJobOnBoard(suite.handle.db, user!, jobId, body, async (key) => key),
    ).rejects.toMatchObject({ errors: { "answers.constructor": ["Answer this question"] } });
    const answered = {
      ...body,
      answers: JSON.parse('{"constructor":"yes"}') as Record<string, string>,
    };
    const { application: sent } = await applyToJobOnBoard(
      suite.handle.db,
      user!,
      jobId,
      answered,
      async (key) => key,
    );
    const [row] = await suite.handle.db
      .select({ answers: jobApplications.answers })
      .from(jobApplications)
      .where(eq(jobApplications.id, sent.id));
    expect(row!.answers).toEqual([{ question_id: "constructor", answer: "yes" }]);
  });

  it("asks for a CV when the profile has none", async () => {
    const jobId = await boardListing();
    const bea = await candidate(false);
    const response = await apply(jobId, bea.token);
    expect(response.status).toBe(422);
    expect(response.body!.errors).toEqual({ cv: [expect.stringContaining("CV")] });
  });

  it("names every missing thing at once: the CV and each required answer (issue 42)", async () => {
    const jobId = await boardListing();
    const bea = await candidate(false);
    const response = await apply(jobId, bea.token, application({ answers: {} }));
    expect(response.status).toBe(422);
    expect(response.body!.errors).toEqual({
      cv: ["Add your CV (a PDF of up to 5 MB)"],
      "answers.q1": ["Answer this question"],
    });
    const sent = await suite.handle.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.jobId, jobId));
    expect(sent).toEqual([]);
  });

  it("keeps an application sent on the board from being marked applied a second time (409)", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    expect((await apply(jobId, ada.token)).status).toBe(201);
    const track = (token: string) =>
      callApi(trackedApplicationsHandler, {
        method: "POST",
        headers: bearer(token),
        body: { job_id: jobId },
      });
    const refused = await track(ada.token);
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toContain("on the board");
    const tracked = await callApi(trackedApplicationsHandler, { headers: bearer(ada.token) });
    expect(tracked.body!.applications).toEqual([]);
    // Someone who did not apply on the board still may mark it.
    const ben = await candidate();
    expect((await track(ben.token)).status).toBe(201);
  });

  it("keeps where the applicant's visit came from (issue 65), normalised, and leaves out what is no source", async () => {
    const sourceOf = async (source: unknown) => {
      const jobId = await boardListing();
      const ada = await candidate();
      const response = await apply(jobId, ada.token, application({ source }));
      if (response.status !== 201) return response.status;
      const [row] = await suite.handle.db
        .select({ source: jobApplications.source })
        .from(jobApplications)
        .where(eq(jobApplications.jobId, jobId));
      return row!.source;
    };
    expect(await sourceOf("WWW.News.Example")).toBe("news.example");
    expect(await sourceOf("xn--r8jz45g.jp")).toBe("例え.jp");
    expect(await sourceOf("Wiosna Łódź")).toBe("wiosna łódź");
    expect(await sourceOf("<script>alert(1)</script>")).toBeNull();
    expect(await sourceOf("https://news.example/path")).toBeNull();
    expect(await sourceOf(undefined)).toBeNull();
    expect(await sourceOf("x".repeat(201))).toBe(422);
    expect(await sourceOf(5)).toBe(422);
  });

  it("tells the current user which company's listings they run, if any", async () => {
    // The company is made with the employer's first listing.
    await boardListing();
    const me = async (token: string) =>
      (await callApi(currentUserHandler, { headers: bearer(token) })).body!;
    expect(await me(tokens.employer)).toMatchObject({
      company: { name: expect.any(String), slug: expect.any(String) },
    });
    expect(await me((await candidate()).token)).toMatchObject({ company: null });
  });

  it("answers 410 for a job that does not take applications on the board, 404 for one not on it", async () => {
    const ada = await candidate();
    const elsewhere = await boardListing({ applyMethod: "link" });
    expect((await apply(elsewhere, ada.token)).status).toBe(410);
    const closed = await boardListing({ applicationsCloseAt: new Date(Date.now() - 60_000) });
    expect((await apply(closed, ada.token)).status).toBe(410);
    const ended = await boardListing({ expiresAt: new Date(Date.now() - 60_000) });
    expect((await apply(ended, ada.token)).status).toBe(410);
    const pending = await boardListing({ status: "pending" });
    expect((await apply(pending, ada.token)).status).toBe(404);
    expect((await apply(999_999, ada.token)).status).toBe(404);
    expect((await apply(elsewhere, "")).status).toBe(401);
  });
});

describe("the employer's pipeline", () => {
  it("lists applicants with counts, moves them through stages and mails the ones that matter", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const bea = await candidate();
    const cy = await candidate();
    const ids: number[] = [];
    for (const person of [ada, bea, cy]) {
      const response = await apply(jobId, person.token, application());
      ids.push((response.body!.application as { id: number }).id);
    }

    const list = await applicants(jobId);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      listing: { id: jobId, title: expect.any(String), company_name: expect.any(String) },
      counts: { new: 3, interview: 0 },
    });
    expect((list.body!.applicants as { id: number }[]).map((row) => row.id)).toEqual(ids);

    // Reviewing is no news for the candidate; Interview is, with the employer's message.
    expect((await applicant(jobId, ids[0]!, tokens.employer, { stage: "reviewing" })).status).toBe(
      200,
    );
    const invited = await applicant(jobId, ids[0]!, tokens.employer, {
      stage: "interview",
      message: "Are you free on Tuesday at 10?",
    });
    expect(invited.body).toMatchObject({ applicant: { stage: "interview" } });
    expect(await queuedMail("application-stage")).toEqual([
      expect.objectContaining({
        to: ada.email,
        props: expect.objectContaining({
          stage: "interview",
          message: "Are you free on Tuesday at 10?",
        }),
      }),
    ]);
    expect((await applicant(jobId, ids[0]!, tokens.employer, { stage: "maybe" })).status).toBe(422);

    // Several at once, one message.
    const rejected = await callApi(rejectHandler, {
      method: "POST",
      params: { listingId: String(jobId) },
      headers: bearer(tokens.employer),
      body: { ids: [ids[1], ids[2]], message: "We went with someone closer to the team." },
    });
    expect(rejected.status).toBe(200);
    expect(
      (await applicants(jobId, tokens.employer, { stage: "not_selected" })).body,
    ).toMatchObject({ counts: { not_selected: 2, interview: 1 } });
    expect((await queuedMail("application-stage")).map((mail) => mail.to).sort()).toEqual(
      [ada.email, bea.email, cy.email].sort(),
    );

    // The candidate sees where they stand; a private note stays with the employer.
    const note = await addNote(jobId, ids[0]!, "Strong reel; ask about motion graphics.");
    expect(note.status).toBe(201);
    expect((await applicant(jobId, ids[0]!)).body).toMatchObject({
      applicant: {
        answers: [{ prompt: "Can you work UK hours?", answer: "yes" }, { answer: "MKBHD" }],
        notes: [{ body: "Strong reel; ask about motion graphics.", author: "Pia" }],
        cv_name: "ada-cv.pdf",
      },
    });
    // The CV, read in the page: never cached.
    const cv = await callApi(cvHandler, {
      params: { listingId: String(jobId), applicationId: String(ids[0]) },
      headers: bearer(tokens.employer),
    });
    expect(cv.status).toBe(200);
    expect(cv.headers["content-type"]).toBe("application/pdf");
    expect(String(cv.headers["cache-control"])).toContain("no-store");
    expect(String(cv.headers["content-disposition"])).toMatch(/^inline/);
    expect(cv.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const own = await callApi(ownHandler, { headers: bearer(ada.token) });
    expect(own.body).toMatchObject({
      applications: [{ stage: "interview", stage_message: "Are you free on Tuesday at 10?" }],
    });
    expect(JSON.stringify(own.body)).not.toContain("motion graphics");
  });

  it("shows nothing to another employer or another candidate, and changes nothing for them", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const bea = await candidate();
    const id = ((await apply(jobId, ada.token)).body!.application as { id: number }).id;

    expect((await applicants(jobId, tokens.other)).status).toBe(404);
    expect((await applicants(jobId, ada.token)).status).toBe(404);
    expect((await applicant(jobId, id, tokens.other)).status).toBe(404);
    const otherCv = await callApi(cvHandler, {
      params: { listingId: String(jobId), applicationId: String(id) },
      headers: bearer(tokens.other),
    });
    expect(otherCv.status).toBe(404);
    expect((await applicant(jobId, id, tokens.other, { stage: "hired" })).status).toBe(404);
    const otherNote = await addNote(jobId, id, "mine now", tokens.other);
    expect(otherNote.status).toBe(404);
    const withdrawn = await callApi(withdrawHandler, {
      method: "POST",
      params: { applicationId: String(id) },
      headers: bearer(bea.token),
    });
    expect(withdrawn.status).toBe(404);
    // Another listing's applicant through this listing's address.
    const otherJob = await boardListing();
    expect((await applicant(otherJob, id)).status).toBe(404);
    const [row] = await suite.handle.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, id));
    expect(row).toMatchObject({ stage: "new", withdrawnAt: null });
    // Moderators see every listing's applicants.
    expect((await applicants(jobId, tokens.moderator)).status).toBe(200);
  });

  it("lets a candidate withdraw an open application, which then cannot be moved", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const id = ((await apply(jobId, ada.token)).body!.application as { id: number }).id;
    const withdraw = () =>
      callApi(withdrawHandler, {
        method: "POST",
        params: { applicationId: String(id) },
        headers: bearer(ada.token),
      });
    const [sent] = await suite.handle.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, id));
    expect(await cvStore().get(sent!.cvKey!)).not.toBeNull();
    expect((await withdraw()).body).toMatchObject({
      application: { withdrawn_at: expect.any(String) },
    });
    expect((await withdraw()).status).toBe(409);
    expect((await applicant(jobId, id, tokens.employer, { stage: "interview" })).status).toBe(409);

    // Issue 40: the employer could still open the CV. What she sent is no longer theirs to read;
    // they see that she withdrew.
    expect((await applicant(jobId, id)).body).toMatchObject({
      applicant: {
        full_name: "Ada Lovelace",
        withdrawn_at: expect.any(String),
        has_cv: false,
        cv_name: null,
        answers: [],
        links: [],
        cover_note: null,
      },
    });
    const cv = await callApi(cvHandler, {
      params: { listingId: String(jobId), applicationId: String(id) },
      headers: bearer(tokens.employer),
    });
    expect(cv).toMatchObject({ status: 404, body: { error: expect.stringMatching(/withdrew/) } });
    expect(await cvStore().get(sent!.cvKey!)).toBeNull();
  });

  it("deletes the CV of an application withdrawn before withdrawals cleared it", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const id = await applied(jobId, ada);
    // As such a row was left: withdrawn, its CV and answers still stored.
    await suite.handle.db
      .update(jobApplications)
      .set({ withdrawnAt: new Date() })
      .where(eq(jobApplications.id, id));
    const [row] = await suite.handle.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, id));
    // Never served meanwhile.
    const cv = await callApi(cvHandler, {
      params: { listingId: String(jobId), applicationId: String(id) },
      headers: bearer(tokens.employer),
    });
    expect(cv.status).toBe(404);
    expect((await applicant(jobId, id)).body).toMatchObject({
      applicant: { answers: [], has_cv: false },
    });

    const done = await runTask("purge-applications", new Date());
    expect(done.withdrawn_cvs).toBeGreaterThanOrEqual(1);
    expect(await applicationRow(id)).toMatchObject({ cvKey: null, answers: [], coverNote: null });
    expect(await cvStore().get(row!.cvKey!)).toBeNull();
  });

  it("lets no one with an unverified address act as a moderator, whatever the address", async () => {
    // Issue 40: the pipeline's moderator check trusted the address on the user's row, written
    // from any token. A moderator address no account has yet, claimed by an unverified token.
    const address = `new-moderator-${suite.run}@creatorjobs.example`;
    vi.stubEnv("ADMIN_EMAILS", `${suite.moderatorEmail}, ${address}`);
    const jobId = await boardListing();
    const ada = await candidate();
    const id = await applied(jobId, ada);
    const impostor = await googleIdToken({
      sub: `impostor-${suite.run}`,
      email: address,
      name: "Not Mo",
      email_verified: false,
    });
    const me = await callApi(currentUserHandler, { headers: bearer(impostor) });
    expect(me.body).toMatchObject({ email: address, is_moderator: false });
    expect((await applicants(jobId, impostor)).status).toBe(404);
    expect((await applicant(jobId, id, impostor)).status).toBe(404);
    const cv = await callApi(cvHandler, {
      params: { listingId: String(jobId), applicationId: String(id) },
      headers: bearer(impostor),
    });
    expect(cv.status).toBe(404);
    expect((await addNote(jobId, id, "I moderate", impostor)).status).toBe(404);
    const decided = await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(jobId) },
      headers: bearer(impostor),
      body: { decision: "reject", reason: "Taken over." },
    });
    expect(decided.status).toBe(403);

    // The same account once its provider has verified the address: a moderator, at once.
    const owner = withClaims(impostor, { email_verified: true });
    expect((await callApi(currentUserHandler, { headers: bearer(owner) })).body).toMatchObject({
      is_moderator: true,
    });
    expect((await applicants(jobId, owner)).status).toBe(200);
  });
});

describe("no silent endings", () => {
  it("closes every open application of a filled listing, each with a courteous mail", async () => {
    const jobId = await boardListing();
    const open = await candidate();
    const hired = await candidate();
    const openId = (
      (await apply(jobId, open.token, application())).body!.application as {
        id: number;
      }
    ).id;
    const hiredId = (
      (await apply(jobId, hired.token, application())).body!.application as {
        id: number;
      }
    ).id;
    await applicant(jobId, hiredId, tokens.employer, { stage: "hired" });
    // Another listing, ended meanwhile: closed in the same run, for its own reason.
    const endingId = await boardListing();
    const endedId = await applied(endingId, open);
    await suite.handle.db
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(jobs.id, endingId));

    const filled = await callApi(fillHandler, {
      method: "POST",
      params: { listingId: String(jobId) },
      headers: bearer(tokens.employer),
    });
    expect(filled.status).toBe(200);
    const boss = await getQueue(suite.handle);
    const task = (now: Date) =>
      TASK_HANDLERS["close-applications"]({ db: suite.handle.db, boss, now, data: {} });
    const first = await task(new Date());
    expect(first.closed).toBeGreaterThanOrEqual(2);
    expect(await task(new Date())).toEqual({ closed: 0 });

    const rows = await suite.handle.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.jobId, jobId));
    expect(rows.find((row) => row.id === openId)).toMatchObject({
      stage: "new",
      closedReason: "filled",
      closedAt: expect.any(Date),
    });
    expect(rows.find((row) => row.id === hiredId)).toMatchObject({
      stage: "hired",
      closedReason: null,
    });
    expect(await queuedMail("application-closed")).toContainEqual(
      expect.objectContaining({
        to: open.email,
        props: expect.objectContaining({ reason: "filled" }),
      }),
    );
    expect(await applicationRow(endedId)).toMatchObject({ closedReason: "expired" });
    expect(await queuedMail("application-closed")).toContainEqual(
      expect.objectContaining({
        to: open.email,
        props: expect.objectContaining({ jobId: endingId, reason: "expired" }),
      }),
    );
    expect(readdirSync(cvDir).length).toBeGreaterThan(0);
  });
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** `person` applies to `jobId`; answers the application's id. */
async function applied(
  jobId: number,
  person: { token: string; email: string },
  extra: Record<string, unknown> = {},
) {
  const response = await apply(jobId, person.token, application(extra));
  expect(response.status).toBe(201);
  return (response.body!.application as { id: number }).id;
}

const applicationRow = async (id: number) =>
  (await suite.handle.db.select().from(jobApplications).where(eq(jobApplications.id, id)))[0]!;

/** The mail of `template` queued about listing `jobId`, oldest first. */
const mailAbout = async (template: string, jobId: number) =>
  (await queuedMail(template)).filter((mail) => mail.props.jobId === jobId);

/** A periodic task's run at `now`, as the worker runs it. */
async function runTask(name: "applicant-digest" | "purge-applications", now: Date | string) {
  const boss = await getQueue(suite.handle);
  return TASK_HANDLERS[name]({ db: suite.handle.db, boss, now: new Date(now), data: {} });
}

describe("the employer hears of new applicants", () => {
  it("at once by default: one mail each, naming the applicant and their headline, nothing they sent", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const id = await applied(jobId, ada);
    const [mail, ...more] = await mailAbout("new-applicant", jobId);
    expect(more).toEqual([]);
    expect(mail).toEqual({
      template: "new-applicant",
      to: suite.employerEmail,
      props: {
        jobId,
        title: (await suite.jobRow(jobId)).title,
        companyName: expect.any(String),
        applicant: { name: "Ada Lovelace", headline: "Video editor" },
      },
    });
    // The CV, answers, cover note and links stay behind the pipeline's sign-in.
    expect(JSON.stringify(mail)).not.toMatch(/300 videos|MKBHD|ada\.example|ada-cv|\.pdf/);
    expect((await applicationRow(id)).employerNotifiedAt).toEqual(expect.any(Date));
    // Told once: no digest tells of them again.
    await runTask("applicant-digest", new Date(Date.now() + 2 * DAY_MS));
    expect(await mailAbout("applicant-digest", jobId)).toEqual([]);
  });

  it("in one digest a day, at 8:00 UTC, when the listing asks for it", async () => {
    const jobId = await boardListing({ applicantMail: "daily" });
    const [ada, bea, cy, dan] = [
      await candidate(),
      await candidate(),
      await candidate(),
      await candidate(),
    ];
    const created = (id: number, at: string) =>
      suite.handle.db
        .update(jobApplications)
        .set({ createdAt: new Date(at) })
        .where(eq(jobApplications.id, id));
    await created(await applied(jobId, ada), "2030-01-01T10:00:00Z");
    await created(
      await applied(jobId, bea, { full_name: "Bea Okafor", headline: "Producer" }),
      "2030-01-01T18:00:00Z",
    );
    const cyId = await applied(jobId, cy, { full_name: "Cy Gone" });
    await created(cyId, "2030-01-01T19:00:00Z");
    // Withdrawn before the digest: not named in it.
    const withdrawn = await callApi(withdrawHandler, {
      method: "POST",
      params: { applicationId: String(cyId) },
      headers: bearer(cy.token),
    });
    expect(withdrawn.status).toBe(200);
    expect(await mailAbout("new-applicant", jobId)).toEqual([]);
    const digests = () => mailAbout("applicant-digest", jobId);

    expect(await runTask("applicant-digest", "2030-01-02T07:30:00Z")).toEqual({
      digests: 0,
      member_digests: 0,
    });
    expect(await runTask("applicant-digest", "2030-01-02T08:10:00Z")).toEqual({
      digests: 1,
      member_digests: 0,
    });
    expect(await digests()).toEqual([
      {
        template: "applicant-digest",
        to: suite.employerEmail,
        props: {
          jobId,
          title: (await suite.jobRow(jobId)).title,
          companyName: expect.any(String),
          applicants: [
            { name: "Ada Lovelace", headline: "Video editor" },
            { name: "Bea Okafor", headline: "Producer" },
          ],
          moreCount: 0,
        },
      },
    ]);

    // One a day: whoever applies after 8:00 is told of at the next 8:00, not before.
    const danId = await applied(jobId, dan, { full_name: "Dan Reyes", headline: null });
    await created(danId, "2030-01-02T09:00:00Z");
    expect(await runTask("applicant-digest", "2030-01-02T09:10:00Z")).toEqual({
      digests: 0,
      member_digests: 0,
    });
    expect(await runTask("applicant-digest", "2030-01-03T07:59:00Z")).toEqual({
      digests: 0,
      member_digests: 0,
    });
    expect(await runTask("applicant-digest", "2030-01-03T08:05:00Z")).toEqual({
      digests: 1,
      member_digests: 0,
    });
    const [, second, ...more] = await digests();
    expect(more).toEqual([]);
    expect(second!.props.applicants).toEqual([{ name: "Dan Reyes", headline: null }]);
    const rows = await suite.handle.db
      .select({ told: jobApplications.employerNotifiedAt })
      .from(jobApplications)
      .where(eq(jobApplications.jobId, jobId));
    expect(rows.map((row) => row.told)).not.toContain(null);
  });

  it("at 8:00 in the employer's own time zone, when the board knows it", async () => {
    const jobId = await boardListing({ applicantMail: "daily" });
    const [employer] = await suite.handle.db
      .select()
      .from(users)
      .where(eq(users.email, suite.employerEmail));
    await suite.handle.db
      .insert(preferences)
      .values({ userId: employer!.id, timeZone: "America/New_York" });
    const ada = await candidate();
    await suite.handle.db
      .update(jobApplications)
      .set({ createdAt: new Date("2030-02-01T15:00:00Z") })
      .where(eq(jobApplications.id, await applied(jobId, ada)));
    // 8:00 in New York in February is 13:00 UTC: at 8:00 UTC it is not yet the next morning there.
    expect(await runTask("applicant-digest", "2030-02-02T08:10:00Z")).toEqual({
      digests: 0,
      member_digests: 0,
    });
    expect(await runTask("applicant-digest", "2030-02-02T13:10:00Z")).toEqual({
      digests: 1,
      member_digests: 0,
    });
  });
});

describe("retention", () => {
  it("deletes what candidates sent 180 days after the listing left the board, keeping the outcome", async () => {
    const filled = await boardListing();
    const ended = await boardListing();
    const live = await boardListing();
    const ada = await candidate();
    const bea = await candidate();
    const adaId = await applied(filled, ada);
    const beaId = await applied(ended, bea);
    const liveId = await applied(live, ada);
    for (const [jobId, id] of [
      [filled, adaId],
      [live, liveId],
    ] as const) {
      const note = await addNote(jobId, id, "Strong reel.");
      expect(note.status).toBe(201);
    }
    // Both leave the board now: one filled, one at its end.
    const fill = await callApi(fillHandler, {
      method: "POST",
      params: { listingId: String(filled) },
      headers: bearer(tokens.employer),
    });
    expect(fill.status).toBe(200);
    const left = Date.now();
    await suite.handle.db
      .update(jobs)
      .set({ status: "expired", expiresAt: new Date(left) })
      .where(eq(jobs.id, ended));
    const boss = await getQueue(suite.handle);
    await TASK_HANDLERS["close-applications"]({
      db: suite.handle.db,
      boss,
      now: new Date(left),
      data: {},
    });
    const before = {
      ada: await applicationRow(adaId),
      bea: await applicationRow(beaId),
      live: await applicationRow(liveId),
    };
    const notesOf = async (id: number) =>
      (
        await suite.handle.db
          .select()
          .from(applicationNotes)
          .where(eq(applicationNotes.applicationId, id))
      ).length;
    const after = (days: number) => runTask("purge-applications", new Date(left + days * DAY_MS));

    // Day 179: nothing of theirs is purged yet.
    await after(179);
    for (const id of [adaId, beaId]) {
      expect(await applicationRow(id)).toMatchObject({ purgedAt: null, cvKey: expect.any(String) });
    }
    expect(await notesOf(adaId)).toBe(1);
    expect(await cvStore().get(before.ada.cvKey!)).not.toBeNull();

    // Day 181: the CV, answers, cover note, links and notes are gone, and who applied, their
    // address, headline and the employer's message with them (issue 40); the outcome stays.
    await applicant(filled, adaId, tokens.employer, { stage: "not_selected", message: "Sorry." });
    await TASK_HANDLERS["close-applications"]({
      db: suite.handle.db,
      boss,
      now: new Date(left),
      data: {},
    });
    expect((await after(181)).purged).toBeGreaterThanOrEqual(2);
    for (const [id, reason] of [
      [adaId, "filled"],
      [beaId, "expired"],
    ] as const) {
      expect(await applicationRow(id)).toMatchObject({
        cvKey: null,
        cvName: null,
        cvBytes: null,
        answers: [],
        coverNote: null,
        links: [],
        purgedAt: new Date(left + 181 * DAY_MS),
        stage: id === adaId ? "not_selected" : "new",
        closedReason: reason,
        fullName: null,
        email: null,
        headline: null,
        stageMessage: null,
      });
    }
    expect(await cvStore().get(before.ada.cvKey!)).toBeNull();
    expect(await cvStore().get(before.bea.cvKey!)).toBeNull();
    expect(await notesOf(adaId)).toBe(0);
    const own = await callApi(ownHandler, { headers: bearer(ada.token) });
    expect(own.body!.applications).toContainEqual(
      expect.objectContaining({ id: adaId, stage: "not_selected", stage_message: null }),
    );
    // The employer keeps the outcome, and nothing that says who it was.
    expect((await applicants(filled)).body).toMatchObject({
      applicants: [
        {
          id: adaId,
          full_name: null,
          email: null,
          headline: null,
          stage: "not_selected",
          purged_at: expect.any(String),
          has_cv: false,
        },
      ],
    });
    expect((await applicant(filled, adaId)).body).toMatchObject({
      applicant: {
        full_name: null,
        email: null,
        stage_message: null,
        answers: [],
        links: [],
        cover_note: null,
        cv_name: null,
        notes: [],
      },
    });
    const cv = await callApi(cvHandler, {
      params: { listingId: String(filled), applicationId: String(adaId) },
      headers: bearer(tokens.employer),
    });
    expect(cv.status).toBe(404);
    // Nor can anything about them be written again.
    expect((await addNote(filled, adaId, "Who was this?")).status).toBe(409);

    // A listing that ended more recently keeps all of it, and the profile's CV stays.
    expect(await applicationRow(liveId)).toEqual(before.live);
    expect(await cvStore().get(before.live.cvKey!)).not.toBeNull();
    expect(await notesOf(liveId)).toBe(1);
    const [profile] = await suite.handle.db
      .select()
      .from(candidateCvs)
      .where(eq(candidateCvs.userId, ada.id));
    expect(await cvStore().get(profile!.cvKey)).not.toBeNull();

    // Once only.
    expect(await after(182)).toMatchObject({ purged: 0, withdrawn_cvs: 0 });
  });
});

describe("the conversation on an application (issue 42)", () => {
  /** Writes `body` on application `id` as the candidate holding `token`. */
  const writeAsCandidate = (id: number, token: string, body: unknown) =>
    callApi(candidateMessagesHandler, {
      method: "POST",
      params: { applicationId: String(id) },
      headers: bearer(token),
      body,
    });
  /** Writes `body` to applicant `id` of listing `jobId` as `token`'s holder. */
  const writeAsEmployer = (jobId: number, id: number, body: unknown, token = tokens.employer) =>
    callApi(employerMessagesHandler, {
      method: "POST",
      params: { listingId: String(jobId), applicationId: String(id) },
      headers: bearer(token),
      body,
    });
  const threadOf = async (jobId: number, id: number) =>
    (await applicant(jobId, id)).body!.applicant as { messages: Record<string, unknown>[] };

  beforeEach(() => {
    vi.stubEnv("INBOUND_MAIL_DOMAIN", "reply.creatorjobs.example");
  });

  it("carries messages both ways, each mailed to the other side with a Reply-To and without the other's address", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const id = ((await apply(jobId, ada.token)).body!.application as { id: number }).id;

    const asked = await writeAsEmployer(jobId, id, {
      body: "Could you do a call Tuesday at 10:00?",
    });
    expect(asked.status).toBe(201);
    expect(asked.body!.message).toMatchObject({ from: "employer", via: "board", stage: null });
    const toAda = (await queuedMail("application-message")).filter((mail) => mail.to === ada.email);
    expect(toAda).toHaveLength(1);
    expect(toAda[0]!.props).toMatchObject({
      applicationId: id,
      body: "Could you do a call Tuesday at 10:00?",
      replyTo: expect.stringMatching(
        new RegExp(`^reply\\+${id}-c-[0-9a-f]{24}@reply\\.creatorjobs\\.example$`),
      ),
    });
    expect(JSON.stringify(toAda[0])).not.toContain(suite.employerEmail);

    const answered = await writeAsCandidate(id, ada.token, { body: "  Tuesday suits me.  " });
    expect(answered.status).toBe(201);
    expect(answered.body!.message).toMatchObject({ from: "candidate", body: "Tuesday suits me." });
    const toEmployer = (await queuedMail("applicant-message")).filter(
      (mail) => mail.props.applicationId === id,
    );
    expect(toEmployer.map((mail) => mail.to)).toEqual([suite.employerEmail]);
    expect(toEmployer[0]!.props.replyTo).toMatch(new RegExp(`^reply\\+${id}-e-`));
    expect(JSON.stringify(toEmployer[0])).not.toContain(ada.email);

    // Both read the same thread, oldest first, each message named by its side.
    const own = await callApi(ownHandler, { headers: bearer(ada.token) });
    const mine = (own.body!.applications as { id: number; messages: unknown[] }[]).find(
      (entry) => entry.id === id,
    );
    const expected = [
      { from: "employer", body: "Could you do a call Tuesday at 10:00?" },
      { from: "candidate", body: "Tuesday suits me.", author: "Ada Lovelace" },
    ];
    expect(mine!.messages).toMatchObject(expected);
    expect((await threadOf(jobId, id)).messages).toMatchObject(expected);
  });

  it("puts a stage change's message in the thread, naming the stage, and mails a message with a stage nobody hears of", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const id = ((await apply(jobId, ada.token)).body!.application as { id: number }).id;
    await applicant(jobId, id, tokens.employer, { stage: "reviewing", message: "Reading it now." });
    await applicant(jobId, id, tokens.employer, { stage: "interview", message: "Tuesday at 10?" });
    expect((await threadOf(jobId, id)).messages).toMatchObject([
      { from: "employer", stage: "reviewing", body: "Reading it now." },
      { from: "employer", stage: "interview", body: "Tuesday at 10?" },
    ]);
    const mailed = [
      ...(await queuedMail("application-message")),
      ...(await queuedMail("application-stage")),
    ].filter((mail) => mail.props.applicationId === id);
    expect(mailed.map((mail) => mail.props.body ?? mail.props.message).sort()).toEqual([
      "Reading it now.",
      "Tuesday at 10?",
    ]);
  });

  it("lets nobody else read or write a conversation, refuses an empty message, and closes it on withdrawal", async () => {
    const jobId = await boardListing();
    const ada = await candidate();
    const bea = await candidate();
    const id = ((await apply(jobId, ada.token)).body!.application as { id: number }).id;
    const count = async () =>
      (await suite.handle.db.select().from(applicationMessages)).filter(
        (row) => row.applicationId === id,
      ).length;

    // Another candidate, another employer, and the right employer through another listing.
    expect((await writeAsCandidate(id, bea.token, { body: "Hi" })).status).toBe(404);
    expect((await writeAsEmployer(jobId, id, { body: "Hi" }, tokens.other)).status).toBe(404);
    const otherListing = await boardListing();
    expect((await writeAsEmployer(otherListing, id, { body: "Hi" })).status).toBe(404);

    const empty = await writeAsCandidate(id, ada.token, { body: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body!.errors).toEqual({ body: ["Write your message"] });
    const long = await writeAsEmployer(jobId, id, { body: "x".repeat(4_001) });
    expect(long.status).toBe(422);
    expect(await count()).toBe(0);

    await callApi(withdrawHandler, {
      method: "POST",
      params: { applicationId: String(id) },
      headers: bearer(ada.token),
    });
    expect((await writeAsEmployer(jobId, id, { body: "Still there?" })).status).toBe(409);
    expect((await writeAsCandidate(id, ada.token, { body: "Sorry" })).status).toBe(409);
    expect(await count()).toBe(0);
  });
});

describe("answers by mail to a conversation (issue 42)", () => {
  /*
   * DNS as the tests' mail domains publish it (issue 60). Candidates write from mail.example,
   * whose DMARC policy is reject and whose SPF does not name the tests' address (127.0.0.1): only
   * its DKIM signature can pass. Employers write from studio.example, which publishes no DMARC
   * record and whose SPF names 127.0.0.1. else.example and the forwarders sign their own mail;
   * evil.example's SPF names no server, bounces.else.example's the tests' address.
   */
  const dns = mailDns();
  dns.publish("_dmarc.mail.example", "v=DMARC1; p=reject");
  dns.publish("mail.example", "v=spf1 ip4:192.0.2.1 -all");
  dns.publish("studio.example", "v=spf1 ip4:127.0.0.1 -all");
  dns.publish("evil.example", "v=spf1 -all");
  dns.publish("bounces.else.example", "v=spf1 ip4:127.0.0.1 -all");
  for (const domain of [
    "mail.example",
    "studio.example",
    "else.example",
    "forwarder.example",
    "other-forwarder.example",
  ]) {
    dns.publishKey(domain);
  }

  const inboxes: ReplyInbox[] = [];
  /** A reply inbox on the tests' DNS, with `checks` (a relay, ARC sealers); closed at the end. */
  const startInbox = async (checks: Partial<Parameters<typeof startReplyInbox>[1]> = {}) => {
    const started = await startReplyInbox(suite.handle.db, {
      port: 0,
      host: "127.0.0.1",
      resolver: dns.resolver,
      ...checks,
    });
    inboxes.push(started);
    return started;
  };
  let inbox: ReplyInbox;
  beforeEach(async () => {
    vi.stubEnv("INBOUND_MAIL_DOMAIN", "reply.creatorjobs.example");
    inbox ??= await startInbox();
  });
  afterAll(() => Promise.all(inboxes.map((started) => started.close())));

  type Sending = {
    /** Signed with DKIM as this domain (false: unsigned); by default the From address's. */
    signedBy?: string | false;
    /** The signature's hash: sha256 unless a test signs with the broken sha1. */
    hashAlgo?: "sha1";
    /** The envelope's MAIL FROM; by default the From address. */
    mailFrom?: string;
    headers?: Record<string, string> | { key: string; value: string }[];
    port?: number;
  };
  /** nodemailer's DKIM signing as `domain`, with the key the tests' DNS publishes. */
  const dkimAs = (domain: string, hashAlgo?: "sha1") => ({
    domainName: domain,
    keySelector: SELECTOR,
    privateKey: dns.privateKey,
    hashAlgo,
  });
  const transport = (port: number, signedBy: string | false, hashAlgo?: "sha1") =>
    createTransport({
      host: "127.0.0.1",
      port,
      secure: false,
      ignoreTLS: true,
      ...(signedBy && { dkim: dkimAs(signedBy, hashAlgo) }),
    });
  /** Sends `text` to `to` from `from` over SMTP, as a mail program would. */
  const send = (
    from: string,
    to: string,
    text: string,
    {
      signedBy = from.split("@").pop()!,
      hashAlgo,
      mailFrom = from,
      headers = {},
      port = inbox.port,
    }: Sending = {},
  ) =>
    transport(port, signedBy, hashAlgo).sendMail({
      from,
      to,
      subject: "Re: Message from Northwind",
      text,
      headers,
      envelope: { from: mailFrom, to },
    });
  /** Sends the message `raw` as it is. */
  const sendRaw = (
    raw: string | Buffer,
    to: string,
    { signedBy = false, mailFrom, port = inbox.port }: Sending & { mailFrom: string },
  ) => transport(port, signedBy).sendMail({ raw, envelope: { from: mailFrom, to } });
  const QUOTE = `\n\nOn Sat, 28 Nov 2026 at 10:02, Creator Jobs wrote:\n> ##- Write your answer above this line -##\n> Could you do a call?`;
  /** The bounce of an answer not confirmed as `author`'s, saying where to answer instead. */
  const unconfirmed = (author: string, where: string) => ({
    responseCode: 550,
    response: expect.stringContaining(
      `We could not confirm this came from ${author}, or our mail did not go to that address: write your answer on the board: ${where}`,
    ),
  });

  /** A candidate's application to a new listing, and the Reply-To of each side's mail. */
  async function conversation() {
    const jobId = await boardListing();
    const ada = await candidate();
    const id = ((await apply(jobId, ada.token)).body!.application as { id: number }).id;
    return {
      jobId,
      id,
      ada,
      candidateReplyTo: (await replyAddress(suite.handle.db, id, "candidate"))!,
      employerReplyTo: (await replyAddress(suite.handle.db, id, "employer"))!,
    };
  }
  const thread = async (id: number) =>
    suite.handle.db
      .select()
      .from(applicationMessages)
      .where(eq(applicationMessages.applicationId, id))
      .orderBy(applicationMessages.id);
  /** What the employer was mailed of application `id`'s messages. */
  const toldEmployer = async (id: number) =>
    (await queuedMail("applicant-message")).filter((mail) => mail.props.applicationId === id);

  it("adds each side's answer to the thread without the quote, and tells the other side", async () => {
    const { id, ada, candidateReplyTo, employerReplyTo } = await conversation();
    await send(ada.email, candidateReplyTo, `Tuesday at 10:00 suits me.${QUOTE}`);
    await send(suite.employerEmail, employerReplyTo, `Great, see you then.${QUOTE}`);
    expect(await thread(id)).toMatchObject([
      { side: "candidate", body: "Tuesday at 10:00 suits me.", via: "mail", authorId: ada.id },
      { side: "employer", body: "Great, see you then.", via: "mail" },
    ]);
    expect(
      (await queuedMail("applicant-message")).filter((mail) => mail.props.applicationId === id),
    ).toMatchObject([{ to: suite.employerEmail, props: { body: "Tuesday at 10:00 suits me." } }]);
    expect(
      (await queuedMail("application-message")).filter((mail) => mail.props.applicationId === id),
    ).toMatchObject([{ to: ada.email, props: { body: "Great, see you then." } }]);
  });

  it("bounces an answer its author's domain does not vouch for, saying so, and keeps nothing of it (issue 60)", async () => {
    const { id, ada, candidateReplyTo } = await conversation();
    const bounced = unconfirmed(ada.email, conversationUrl(id));
    // Anyone's server naming Ada in From: SPF fails for its MAIL FROM, and nothing is signed.
    await expect(
      send(ada.email, candidateReplyTo, "Forged", {
        mailFrom: "mallory@evil.example",
        signedBy: false,
      }),
    ).rejects.toMatchObject(bounced);
    // SPF passing for another domain than From's, or a DKIM signature of another domain.
    await expect(
      send(ada.email, candidateReplyTo, "Forged", {
        mailFrom: "bounce@bounces.else.example",
        signedBy: false,
      }),
    ).rejects.toMatchObject(bounced);
    await expect(
      send(ada.email, candidateReplyTo, "Forged", { signedBy: "else.example" }),
    ).rejects.toMatchObject(bounced);
    // Her domain's signature, made with SHA-1, which no longer resists forgery (RFC 8301).
    await expect(
      send(ada.email, candidateReplyTo, "Forged", { hashAlgo: "sha1" }),
    ).rejects.toMatchObject(bounced);
    // Ada's own MAIL FROM without DKIM: her domain's DMARC record (p=reject) asks for its
    // signature or its servers, and the tests' address is not one of them.
    await expect(
      send(ada.email, candidateReplyTo, "Forged", { signedBy: false }),
    ).rejects.toMatchObject(bounced);
    expect(await thread(id)).toEqual([]);
    expect(await toldEmployer(id)).toEqual([]);
  });

  it("bounces an answer naming anyone but its author in From or Sender (issue 60)", async () => {
    const { id, ada, candidateReplyTo } = await conversation();
    const oneAuthor = {
      responseCode: 550,
      response: expect.stringContaining(
        `Send your answer from one address, named alone in From, or write it on the board: ${conversationUrl(id)}`,
      ),
    };
    // Each signed by Ada's domain, which would vouch for her address only.
    await expect(
      send(`${ada.email}, mallory@else.example`, candidateReplyTo, "Hi", {
        mailFrom: ada.email,
        signedBy: "mail.example",
      }),
    ).rejects.toMatchObject(oneAuthor);
    await expect(
      send(ada.email, candidateReplyTo, "Hi", { headers: { Sender: "mallory@else.example" } }),
    ).rejects.toMatchObject(oneAuthor);
    const twoFromFields = [
      `From: ${ada.email}`,
      "From: mallory@else.example",
      `To: ${candidateReplyTo}`,
      "Subject: Re: Message from Northwind",
      "",
      "Hi",
    ].join("\r\n");
    await expect(
      sendRaw(twoFromFields, candidateReplyTo, { mailFrom: ada.email, signedBy: "mail.example" }),
    ).rejects.toMatchObject(oneAuthor);
    expect(await thread(id)).toEqual([]);
  });

  it("takes an answer its author's domain signed; without a DMARC record, only one so signed (issue 60)", async () => {
    const { jobId, id, ada, candidateReplyTo, employerReplyTo } = await conversation();
    // studio.example publishes no DMARC record: SPF passing for its own MAIL FROM is not enough.
    await expect(
      send(suite.employerEmail, employerReplyTo, "Unsigned", { signedBy: false }),
    ).rejects.toMatchObject(unconfirmed(suite.employerEmail, applicantConversationUrl(jobId, id)));
    // Its DKIM signature is; and mail.example's passes DMARC where its SPF does not.
    await send(suite.employerEmail, employerReplyTo, `Could you do a call Tuesday?${QUOTE}`);
    await send(ada.email, candidateReplyTo, `Tuesday suits me.${QUOTE}`);
    expect(await thread(id)).toMatchObject([
      { side: "employer", body: "Could you do a call Tuesday?", via: "mail" },
      { side: "candidate", body: "Tuesday suits me.", via: "mail", authorId: ada.id },
    ]);
    expect(await toldEmployer(id)).toMatchObject([{ props: { body: "Tuesday suits me." } }]);
  });

  it("takes the trusted relay's verdict from its Authentication-Results, and nobody else's (issue 60)", async () => {
    const { id, ada, candidateReplyTo } = await conversation();
    const authservId = "mx.relay.example";
    const relayed = await startInbox({ relay: { addresses: ["127.0.0.0/8"], authservId } });
    const elsewhere = await startInbox({ relay: { addresses: ["192.0.2.25"], authservId } });
    const results = (id: string, dmarc: string, domain = "mail.example") => ({
      key: "Authentication-Results",
      value: `${id}; spf=pass smtp.mailfrom=${domain}; dmarc=${dmarc} header.from=${domain}`,
    });
    // Unsigned, with a MAIL FROM whose SPF does not name the tests' address: only a relay's
    // word can vouch for it.
    const relay = (port: number, ...headers: { key: string; value: string }[]) =>
      send(ada.email, candidateReplyTo, "Tuesday suits me.", { port, headers, signedBy: false });
    const bounced = unconfirmed(ada.email, conversationUrl(id));

    // Another server's verdict; the relay's own failing one above a pass forged under its id; a
    // pass for another domain than From's.
    await expect(relay(relayed.port, results("mx.other.example", "pass"))).rejects.toMatchObject(
      bounced,
    );
    await expect(
      relay(relayed.port, results(authservId, "fail"), results(authservId, "pass")),
    ).rejects.toMatchObject(bounced);
    await expect(
      relay(relayed.port, results(authservId, "pass", "else.example")),
    ).rejects.toMatchObject(bounced);
    // The relay's verdict, forged by a client that is not the relay.
    await expect(relay(elsewhere.port, results(authservId, "pass"))).rejects.toMatchObject(bounced);
    await expect(relay(inbox.port, results(authservId, "pass"))).rejects.toMatchObject(bounced);
    expect(await thread(id)).toEqual([]);

    await relay(relayed.port, results(authservId, "pass"));
    expect(await thread(id)).toMatchObject([{ side: "candidate", body: "Tuesday suits me." }]);
  });

  it("takes what a trusted ARC sealer vouched for when the chain validates (issue 60)", async () => {
    const { id, ada, candidateReplyTo } = await conversation();
    const sealing = await startInbox({ arcSealers: ["forwarder.example"] });
    // Her company's gateway adds a footer, which breaks her signature, and seals what it passes
    // on, recording that DMARC passed when it took the message in.
    const signed = await createTransport({
      streamTransport: true,
      buffer: true,
      dkim: dkimAs("mail.example"),
    }).sendMail({ from: ada.email, to: candidateReplyTo, text: "Tuesday suits me." });
    const forwarded = `${String(signed.message)}\r\n--\r\nSent through the gateway\r\n`;
    const sealedBy = async (sealer: string) =>
      Buffer.concat([
        await sealMessage(forwarded, {
          signingDomain: sealer,
          selector: SELECTOR,
          privateKey: dns.privateKey,
          authResults: `mx.${sealer}; dkim=pass header.d=mail.example; dmarc=pass header.from=mail.example`,
          cv: "none",
        }),
        Buffer.from(forwarded),
      ]);
    const sending = { mailFrom: "gateway@forwarder.example" };
    const bounced = unconfirmed(ada.email, conversationUrl(id));

    // Sealed by a sealer the inbox does not trust, or sent to an inbox that trusts none.
    await expect(
      sendRaw(await sealedBy("other-forwarder.example"), candidateReplyTo, {
        ...sending,
        port: sealing.port,
      }),
    ).rejects.toMatchObject(bounced);
    await expect(
      sendRaw(await sealedBy("forwarder.example"), candidateReplyTo, sending),
    ).rejects.toMatchObject(bounced);
    expect(await thread(id)).toEqual([]);

    await sendRaw(await sealedBy("forwarder.example"), candidateReplyTo, {
      ...sending,
      port: sealing.port,
    });
    expect(await thread(id)).toMatchObject([
      { side: "candidate", body: expect.stringContaining("Tuesday suits me.") },
    ]);
  });

  it("reads the relay's addresses or ranges with its authserv-id, both or neither, and the ARC sealers (issue 60)", () => {
    const relay = { INBOUND_RELAY_AUTHSERV_ID: "MX.Relay.Example" };
    expect(
      readServerEnv({
        ...relay,
        INBOUND_TRUSTED_RELAYS: "10.0.0.5, 10.0.1.0/24,2001:db8::/32",
        INBOUND_ARC_SEALERS: "Forwarder.example, gateway.example",
      }),
    ).toMatchObject({
      INBOUND_TRUSTED_RELAYS: ["10.0.0.5", "10.0.1.0/24", "2001:db8::/32"],
      INBOUND_RELAY_AUTHSERV_ID: "mx.relay.example",
      INBOUND_ARC_SEALERS: ["forwarder.example", "gateway.example"],
    });
    expect(readServerEnv({})).toMatchObject({
      INBOUND_TRUSTED_RELAYS: [],
      INBOUND_ARC_SEALERS: [],
    });
    expect(() => readServerEnv({ INBOUND_TRUSTED_RELAYS: "10.0.0.5" })).toThrow(
      /INBOUND_RELAY_AUTHSERV_ID/,
    );
    expect(() => readServerEnv(relay)).toThrow(/INBOUND_RELAY_AUTHSERV_ID/);
    for (const wrong of ["relay.example.com", "10.0.0.0/33", "10.0.0.0/8/8", "::1/129"]) {
      expect(() => readServerEnv({ ...relay, INBOUND_TRUSTED_RELAYS: wrong })).toThrow(
        /INBOUND_TRUSTED_RELAYS/,
      );
    }
  });

  it("answers 'try again later' when DNS does not answer in time, keeping nothing (issue 60)", async () => {
    const { id, ada, candidateReplyTo } = await conversation();
    const silent = await startInbox({
      resolver: () => new Promise(() => undefined),
      dnsTimeLimitMs: 300,
    });
    const started = performance.now();
    await expect(
      send(ada.email, candidateReplyTo, "Tuesday suits me.", { port: silent.port }),
    ).rejects.toMatchObject({
      responseCode: 451,
      response: expect.stringContaining(
        `We could not check who sent this just now; try again later, or write your answer on the board: ${conversationUrl(id)}`,
      ),
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await thread(id)).toEqual([]);
  });

  it("refuses, saying where to answer, what it cannot take; and drops automatic replies", async () => {
    const { id, ada, candidateReplyTo } = await conversation();
    // Someone else's address: bounced with the link to the board.
    await expect(send("mallory@else.example", candidateReplyTo, "Hi")).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining("/applied-jobs#application-"),
    });
    // A forged or altered address, or another application's: refused at RCPT TO.
    const forged = candidateReplyTo.replace(/-c-[0-9a-f]{4}/, "-c-0000");
    await expect(send(ada.email, forged, "Hi")).rejects.toMatchObject({ responseCode: 550 });
    const otherSide = candidateReplyTo.replace("-c-", "-e-");
    await expect(send(ada.email, otherSide, "Hi")).rejects.toMatchObject({ responseCode: 550 });
    // Nothing above the quote.
    await expect(send(ada.email, candidateReplyTo, QUOTE)).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining("no answer above the quoted message"),
    });
    // Too large: read no further than the bound.
    await expect(send(ada.email, candidateReplyTo, "x".repeat(300 * 1024))).rejects.toMatchObject({
      responseCode: 552,
    });
    // An out-of-office answer is taken and dropped.
    await send(ada.email, candidateReplyTo, "I am away until Monday.", {
      headers: { "Auto-Submitted": "auto-replied" },
    });
    expect(await thread(id)).toEqual([]);

    // Withdrawn: the conversation is closed, and the bounce says so.
    await callApi(withdrawHandler, {
      method: "POST",
      params: { applicationId: String(id) },
      headers: bearer(ada.token),
    });
    await expect(send(ada.email, candidateReplyTo, "One more thing")).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining("withdrew"),
    });
    expect(await thread(id)).toEqual([]);
  });
});
