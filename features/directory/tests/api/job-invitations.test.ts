// @vitest-environment node
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { INVITATIONS_PER_DAY, INVITATION_MESSAGE_MAX } from "@/features/directory/directory";
import { rowsOf } from "@/lib/server/db/client";
import {
  candidateCvs,
  companyAllowances,
  companyBlocks,
  jobApplications,
  jobInvitations,
  jobs,
  users,
} from "@/lib/server/db/schema";
import { renderMail } from "@/lib/server/worker/mail-templates";
import type { MailMessage } from "@/lib/server/mail/messages";
import { getQueue } from "@/lib/server/queue/queue";
import { cvStore, newCvKey } from "@/lib/server/storage/cv-store";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import blockedHandler from "@/pages/api/blocked_companies/index";
import unblockHandler from "@/pages/api/blocked_companies/[companyId]";
import profileHandler from "@/pages/api/company/talent/[key]/index";
import inviteHandler from "@/pages/api/company/talent/[key]/invitations";
import sentHandler from "@/pages/api/company/talent_invitations";
import currentUserHandler from "@/pages/api/current_user";
import acceptHandler from "@/pages/api/job_invitations/[invitationId]/accept";
import declineHandler from "@/pages/api/job_invitations/[invitationId]/decline";
import receivedHandler from "@/pages/api/job_invitations/index";
import applyHandler from "@/pages/api/jobs/[jobId]/applications";
import applicantsHandler from "@/pages/api/listings/[listingId]/applicants/index";
import fillHandler from "@/pages/api/listings/[listingId]/fill";
import listingsHandler from "@/pages/api/listings/index";
import { callApi } from "@/tests/api/call";
import { join, person, type Person } from "@/tests/api/team-suite";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { onePagePdf } from "@/tests/fixtures/pdf";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { setUpTempFileStores } from "@/tests/support/files";

/*
 * Invitations to apply (issue 47), through the API with real emulator tokens: an employer whose
 * company has hired on the board invites a candidate it may see to one of its live listings
 * (once per listing, 20 a day, even when requests race), the candidate is mailed at their
 * verified address, answers (accept, decline with a reason, stop the company) and applies with
 * the invitation, which the pipeline marks; nobody touches another's invitations; account
 * deletion and retention delete them.
 */

setUpTempFileStores();
const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `moderator-${run}@creatorjobs.example`;
let count = 0;
let moderator: Person;

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  moderator = await person(handle.db, `moderator-${run}`, MODERATOR, "Mo");
});

beforeEach(() => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

type Candidate = Person & { key: string; name: string };

/** A candidate with an account, their profile shown to employers unless told otherwise. */
async function candidate(
  name: string,
  options: {
    visibility?: "public" | "employers" | "hidden";
    invitations?: boolean;
    verified?: boolean;
  } = {},
): Promise<Candidate> {
  count += 1;
  const sub = `${name.toLowerCase()}-${run}-${count}`;
  const email = `${sub}@candidate.example`;
  const token = await googleIdToken({ sub, email, name, email_verified: options.verified ?? true });
  const changed = await callApi(currentUserHandler, {
    method: "PATCH",
    headers: bearer(token),
    body: {
      user: {
        profile_visibility: options.visibility ?? "employers",
        invitations_open: options.invitations ?? true,
      },
    },
  });
  expect(changed.status).toBe(200);
  const userId = (changed.body as { id: number }).id;
  const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
  return { token, userId, email, key: row!.profileKey, name };
}

/** Candidates made straight in the table (for the many the daily limit needs). */
async function manyCandidates(n: number) {
  const rows = await handle.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, index) => ({
        firebaseUid: `many-${run}-${count}-${index}`,
        email: `many-${run}-${count}-${index}@candidate.example`,
        emailVerified: true,
        fullName: `Many ${index}`,
        profileVisibility: "employers" as const,
      })),
    )
    .returning({ id: users.id, key: users.profileKey });
  count += 1;
  return rows;
}

const someone = (name: string) => {
  count += 1;
  const sub = `${name}-${run}-${count}`;
  return person(handle.db, sub, `${sub}@studio.example`, name);
};

/** `owner` posts a listing (their first makes their company), approved unless told not to. */
async function listing(owner: Person, options: { approve?: boolean; title?: string } = {}) {
  const body = { ...validSubmission(), plan: "standard" };
  body.company = { ...body.company, name: `Studio ${run} ${owner.userId}` };
  if (options.title) body.job = { ...body.job, title: options.title };
  const posted = await callApi(listingsHandler, {
    method: "POST",
    headers: bearer(owner.token),
    body,
  });
  expect(posted.status).toBe(201);
  const jobId = (posted.body as { id: number }).id;
  if (options.approve ?? true) {
    const approved = await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(jobId) },
      headers: bearer(moderator.token),
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
  }
  // Applications on the board, with no questions, so that candidates can apply here.
  await handle.db
    .update(jobs)
    .set({ applyMethod: "board", screeningQuestions: [] })
    .where(eq(jobs.id, jobId));
  const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, jobId));
  return { jobId, companyId: row!.companyId, slug: row!.slug, title: row!.title };
}

/** A company that has hired on the board: its owner and its live listing. */
async function company() {
  const owner = await someone("owner");
  const first = await listing(owner);
  return { owner, ...first };
}

const invite = (who: Person, key: string, jobId: number, message = "Loved your edits: apply?") =>
  callApi(inviteHandler, {
    method: "POST",
    params: { key },
    headers: bearer(who.token),
    body: { job_id: jobId, message },
  });

type Quota = { limit: number; used: number; left: number; resets_at: string };
type Sent = {
  id: number;
  candidate: { key: string; name: string } | null;
  job: { id: number; title: string };
  message: string;
  status: string;
  decline_reason: string | null;
  invited_by: string | null;
};
type Received = {
  id: number;
  company: { id: number; name: string; slug: string };
  job: { id: number; title: string; url: string; open: boolean };
  status: string;
  decline_reason: string | null;
  company_blocked: boolean;
};

const sent = async (who: Person) => {
  const answer = await callApi(sentHandler, { headers: bearer(who.token) });
  expect(answer.status).toBe(200);
  return answer.body as { invitations: Sent[]; invitations_today: Quota };
};
const received = async (who: Person) => {
  const answer = await callApi(receivedHandler, { headers: bearer(who.token) });
  expect(answer.status).toBe(200);
  expect(answer.headers["cache-control"]).toBe("private, no-store");
  return (answer.body as { invitations: Received[] }).invitations;
};
const accept = (who: Person, id: number) =>
  callApi(acceptHandler, {
    method: "POST",
    params: { invitationId: String(id) },
    headers: bearer(who.token),
  });
const decline = (who: Person, id: number, body: Record<string, unknown> = {}) =>
  callApi(declineHandler, {
    method: "POST",
    params: { invitationId: String(id) },
    headers: bearer(who.token),
    body,
  });
const blocked = async (who: Person) => {
  const answer = await callApi(blockedHandler, { headers: bearer(who.token) });
  expect(answer.status).toBe(200);
  return (answer.body as { companies: { id: number; name: string }[] }).companies;
};
const unblock = (who: Person, companyId: number) =>
  callApi(unblockHandler, {
    method: "DELETE",
    params: { companyId: String(companyId) },
    headers: bearer(who.token),
  });

/** An invitation's row as stored. */
const invitationRow = async (id: number) =>
  (await handle.db.select().from(jobInvitations).where(eq(jobInvitations.id, id)))[0];

const invitationsOf = (companyId: number) =>
  handle.db.select().from(jobInvitations).where(eq(jobInvitations.companyId, companyId));

/** The invitations mail queued to `to`, oldest first. */
async function mailTo(to: string) {
  return rowsOf<{ data: MailMessage }>(
    await handle.db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'template' = 'job-invitation'
        and data->>'to' = ${to} order by created_on`,
    ),
  ).map((row) => row.data);
}

const invitationId = (answer: { body?: Record<string, unknown> }) =>
  (answer.body as { invitation: { id: number } }).invitation.id;

describe("inviting a candidate", () => {
  it("stores the invitation, answers it with today's allowance, and mails the candidate on the queue", async () => {
    const { owner, jobId, title } = await company();
    const ada = await candidate("Ada");
    const answer = await invite(owner, ada.key, jobId, "We loved your channel.\n<b>Apply</b>?");
    expect(answer.status).toBe(201);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.body).toMatchObject({
      invitation: {
        candidate: { key: ada.key, name: "Ada" },
        job: { id: jobId, title },
        message: "We loved your channel.\n<b>Apply</b>?",
        status: "sent",
        decline_reason: null,
        invited_by: "owner",
        answered_at: null,
      },
      invitations_today: { limit: INVITATIONS_PER_DAY, used: 1, left: INVITATIONS_PER_DAY - 1 },
    });
    // Never the candidate's address in what the employer reads.
    expect(JSON.stringify(answer.body)).not.toContain(ada.email);
    const list = await sent(owner);
    expect(list.invitations).toMatchObject([{ id: invitationId(answer), status: "sent" }]);
    expect(JSON.stringify(list)).not.toContain(ada.email);

    // Queued to her verified address, rendered with the message as text.
    const [mail, ...more] = await mailTo(ada.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      template: "job-invitation",
      to: ada.email,
      props: { recipientName: "Ada", jobId, title },
    });
    const rendered = await renderMail(mail!);
    expect(rendered.subject).toContain(title);
    expect(rendered.text).toContain("We loved your channel.");
    expect(rendered.text).toContain("/invitations");
    expect(rendered.text).toContain("Settings");
    expect(rendered.html).not.toContain("<b>Apply</b>");
    expect(rendered.html).toContain("&lt;b&gt;Apply&lt;/b&gt;");
    expect(rendered.html).not.toContain(owner.email);
  });

  it("mails nobody when the candidate's address is not verified, and still invites them", async () => {
    const { owner, jobId } = await company();
    const una = await candidate("Una", { verified: false });
    expect((await invite(owner, una.key, jobId)).status).toBe(201);
    expect(await mailTo(una.email)).toEqual([]);
    expect(await received(una)).toHaveLength(1);
  });

  it(`sends at most ${INVITATIONS_PER_DAY} a day, even to 25 candidates at once`, async () => {
    const { owner, jobId, companyId } = await company();
    const people = await manyCandidates(25);
    const answers = await Promise.all(people.map((one) => invite(owner, one.key, jobId)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(INVITATIONS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - INVITATIONS_PER_DAY);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body).toMatchObject({ code: "rate_limited", error: expect.any(String) });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(await invitationsOf(companyId)).toHaveLength(INVITATIONS_PER_DAY);
    expect((await sent(owner)).invitations_today).toMatchObject({
      used: INVITATIONS_PER_DAY,
      left: 0,
    });
  });

  it("invites a candidate once per listing, even twice at once, and again to another listing", async () => {
    const { owner, jobId, companyId } = await company();
    const other = await listing(owner);
    const ada = await candidate("Ada");
    const both = await Promise.all([invite(owner, ada.key, jobId), invite(owner, ada.key, jobId)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(both.find((answer) => answer.status === 409)!.body).toMatchObject({ code: "conflict" });
    // The refused one gave its allowance back.
    expect((await sent(owner)).invitations_today.used).toBe(1);
    expect((await invite(owner, ada.key, jobId)).status).toBe(409);
    expect((await invite(owner, ada.key, other.jobId)).status).toBe(201);
    expect(await invitationsOf(companyId)).toHaveLength(2);
    expect((await sent(owner)).invitations_today.used).toBe(2);
  });

  it("refuses to invite a candidate to a listing they applied to, sending nothing, and says so on their profile (issue 61)", async () => {
    const { owner, jobId, companyId } = await company();
    const other = await listing(owner);
    const ada = await candidate("Ada");
    await handle.db
      .insert(jobApplications)
      .values({ jobId, userId: ada.userId, fullName: "Ada", email: ada.email });
    const profile = await callApi(profileHandler, {
      params: { key: ada.key },
      headers: bearer(owner.token),
    });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ profile: { applied_job_ids: [jobId] } });
    const refused = await invite(owner, ada.key, jobId);
    expect(refused).toMatchObject({ status: 409, body: { code: "conflict" } });
    expect((refused.body as { error: string }).error).toMatch(/already applied to this listing/);
    expect(await invitationsOf(companyId)).toHaveLength(0);
    expect(await mailTo(ada.email)).toHaveLength(0);
    expect((await sent(owner)).invitations_today.used).toBe(0);
    // Another listing of theirs is still open to an invitation.
    expect((await invite(owner, ada.key, other.jobId)).status).toBe(201);
    // Another company reads nothing of where they applied.
    const rival = await company();
    const theirs = await callApi(profileHandler, {
      params: { key: ada.key },
      headers: bearer(rival.owner.token),
    });
    expect(theirs.body).toMatchObject({ profile: { applied_job_ids: [] } });
  });

  it("refuses a listing that is not the company's own and live, and a bad message, with 422", async () => {
    const { owner, companyId, jobId } = await company();
    const elsewhere = await company();
    const filled = await listing(owner);
    expect(
      (
        await callApi(fillHandler, {
          method: "POST",
          params: { listingId: String(filled.jobId) },
          headers: bearer(owner.token),
        })
      ).status,
    ).toBe(200);
    const expired = await listing(owner);
    await handle.db
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(jobs.id, expired.jobId));
    const pending = await listing(owner, { approve: false });
    const ada = await candidate("Ada");
    for (const job of [elsewhere.jobId, filled.jobId, expired.jobId, pending.jobId, 2_000_000]) {
      const refused = await invite(owner, ada.key, job);
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body!.errors as object)).toEqual(["job_id"]);
    }
    for (const message of ["", "   ", "x".repeat(INVITATION_MESSAGE_MAX + 1)]) {
      const refused = await invite(owner, ada.key, jobId, message);
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body!.errors as object)).toEqual(["message"]);
    }
    const noJob = await callApi(inviteHandler, {
      method: "POST",
      params: { key: ada.key },
      headers: bearer(owner.token),
      body: { message: "Hi" },
    });
    expect(noJob.status).toBe(422);
    expect(await invitationsOf(companyId)).toEqual([]);
    // Nothing refused spent the allowance.
    expect(
      await handle.db
        .select()
        .from(companyAllowances)
        .where(eq(companyAllowances.companyId, companyId)),
    ).toEqual([]);
  });

  it("is 410 for a candidate who takes no invitations, 404 for one it may not see", async () => {
    const { owner, jobId, companyId } = await company();
    const closed = await candidate("Cleo", { invitations: false });
    const shut = await invite(owner, closed.key, jobId);
    expect(shut.status).toBe(410);
    expect(shut.body!.error).toMatch(/invitations/);
    const hidden = await candidate("Hal", { visibility: "hidden" });
    expect((await invite(owner, hidden.key, jobId)).status).toBe(404);
    expect((await invite(owner, "0123456789abcdef0123", jobId)).status).toBe(404);
    expect((await invite(owner, "not-a-key", jobId)).status).toBe(404);
    // A candidate who stopped the company: as if there were none.
    const stopper = await candidate("Sid");
    await handle.db.insert(companyBlocks).values({ candidateId: stopper.userId, companyId });
    expect((await invite(owner, stopper.key, jobId)).status).toBe(404);
    expect(await invitationsOf(companyId)).toEqual([]);
  });

  it("is 403 for a company with no listing that went live, and for a viewer", async () => {
    const newcomer = await someone("newcomer");
    const pending = await listing(newcomer, { approve: false });
    const ada = await candidate("Ada");
    const early = await invite(newcomer, ada.key, pending.jobId);
    expect(early.status).toBe(403);
    const { owner, companyId, jobId } = await company();
    const viewer = await someone("viewer");
    await join(handle.db, companyId, viewer, "viewer");
    expect((await invite(viewer, ada.key, jobId)).status).toBe(403);
    // A recruiter may.
    const recruiter = await someone("recruiter");
    await join(handle.db, companyId, recruiter, "recruiter");
    const answer = await invite(recruiter, ada.key, jobId);
    expect(answer.status).toBe(201);
    expect((answer.body as { invitation: Sent }).invitation.invited_by).toBe("recruiter");
    // The viewer reads the company's list.
    expect((await sent(viewer)).invitations).toHaveLength(1);
    expect((await sent(owner)).invitations).toHaveLength(1);
  });
});

describe("the candidate's side", () => {
  it("lists only the caller's own invitations, newest first", async () => {
    const { owner, jobId, companyId } = await company();
    const second = await listing(owner);
    const [ada, bo] = [await candidate("Ada"), await candidate("Bo")];
    await invite(owner, ada.key, jobId);
    await invite(owner, bo.key, jobId);
    await invite(owner, ada.key, second.jobId);
    const adas = await received(ada);
    expect(adas.map((one) => one.job.id)).toEqual([second.jobId, jobId]);
    expect(adas[0]).toMatchObject({
      company: { id: companyId },
      job: { url: `/jobs/${second.jobId}-${second.slug}`, open: true },
      status: "sent",
      company_blocked: false,
    });
    expect((await received(bo)).map((one) => one.job.id)).toEqual([jobId]);
  });

  it("refuses another's invitation with 404, changing nothing", async () => {
    const { owner, jobId } = await company();
    const [ada, eve] = [await candidate("Ada"), await candidate("Eve")];
    const id = invitationId(await invite(owner, ada.key, jobId));
    const before = await invitationRow(id);
    expect((await accept(eve, id)).status).toBe(404);
    expect((await decline(eve, id, { reason: "No", stop_company: true })).status).toBe(404);
    expect(await invitationRow(id)).toEqual(before);
    expect(
      await handle.db.select().from(companyBlocks).where(eq(companyBlocks.candidateId, eve.userId)),
    ).toEqual([]);
    expect((await accept(ada, 2_000_000_000)).status).toBe(404);
  });

  it("accepts: answers the job's apply form with the invitation carried; 410 once the job is gone", async () => {
    const { owner, jobId, slug } = await company();
    const ada = await candidate("Ada");
    const id = invitationId(await invite(owner, ada.key, jobId));
    const accepted = await accept(ada, id);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      invitation: { id, status: "accepted", answered_at: expect.any(String) },
      apply_url: `/jobs/${jobId}-${slug}#apply-invitation-${id}`,
    });
    expect((await sent(owner)).invitations[0]).toMatchObject({ id, status: "accepted" });

    const other = await listing(owner);
    const second = invitationId(await invite(owner, ada.key, other.jobId));
    await callApi(fillHandler, {
      method: "POST",
      params: { listingId: String(other.jobId) },
      headers: bearer(owner.token),
    });
    expect((await accept(ada, second)).status).toBe(410);
    expect((await invitationRow(second))!.status).toBe("sent");
    expect((await received(ada)).find((one) => one.id === second)!.job.open).toBe(false);
  });

  it("declines with a reason the employer reads; a declined invitation is not accepted", async () => {
    const { owner, jobId } = await company();
    const ada = await candidate("Ada");
    const id = invitationId(await invite(owner, ada.key, jobId));
    const tooLong = await decline(ada, id, { reason: "x".repeat(301) });
    expect(tooLong.status).toBe(422);
    const declined = await decline(ada, id, { reason: "  Not looking right now  " });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      invitation: { status: "declined", decline_reason: "Not looking right now" },
    });
    expect((await sent(owner)).invitations[0]).toMatchObject({
      id,
      status: "declined",
      decline_reason: "Not looking right now",
      candidate: { key: ada.key },
    });
    expect((await accept(ada, id)).status).toBe(409);
  });

  it("stops a company: it no longer invites or names them, until they let it again", async () => {
    const { owner, jobId, companyId } = await company();
    const second = await listing(owner);
    const third = await listing(owner);
    const ada = await candidate("Ada");
    const id = invitationId(await invite(owner, ada.key, jobId));
    const stopped = await decline(ada, id, { stop_company: true });
    expect(stopped.body).toMatchObject({
      invitation: { status: "declined", company_blocked: true },
    });
    expect(
      await handle.db
        .select()
        .from(companyBlocks)
        .where(
          and(eq(companyBlocks.candidateId, ada.userId), eq(companyBlocks.companyId, companyId)),
        ),
    ).toHaveLength(1);
    expect((await invite(owner, ada.key, second.jobId)).status).toBe(404);
    // The company keeps its invitation and the answer, no longer whose it was.
    expect((await sent(owner)).invitations).toMatchObject([
      { id, status: "declined", candidate: null },
    ]);
    expect(await blocked(ada)).toMatchObject([{ id: companyId }]);

    const elsewhere = await company();
    expect((await unblock(ada, elsewhere.companyId)).status).toBe(404);
    const letGo = await unblock(ada, companyId);
    expect(letGo.status).toBe(200);
    expect(letGo.body).toEqual({ companies: [] });
    expect((await unblock(ada, companyId)).status).toBe(404);
    expect((await invite(owner, ada.key, third.jobId)).status).toBe(201);
  });
});

describe("applying with an invitation", () => {
  /** Gives `who` a CV on their profile, as an upload would. */
  async function withCv(who: Person) {
    const key = newCvKey();
    const bytes = await onePagePdf();
    await cvStore().put(key, bytes);
    await handle.db
      .insert(candidateCvs)
      .values({ userId: who.userId, cvKey: key, cvName: "cv.pdf", cvBytes: bytes.length });
  }
  const apply = (who: Person, jobId: number, extra: Record<string, unknown> = {}) =>
    callApi(applyHandler, {
      method: "POST",
      params: { jobId: String(jobId) },
      headers: bearer(who.token),
      body: { full_name: "Ada Lovelace", headline: null, cover_note: null, ...extra },
    });
  const applicants = async (owner: Person, jobId: number) => {
    const answer = await callApi(applicantsHandler, {
      params: { listingId: String(jobId) },
      headers: bearer(owner.token),
    });
    expect(answer.status).toBe(200);
    return (answer.body as { applicants: { id: number; invited: boolean; full_name: string }[] })
      .applicants;
  };
  const applicationsOf = (who: Person) =>
    handle.db.select().from(jobApplications).where(eq(jobApplications.userId, who.userId));

  it("marks the application invited in the pipeline and the invitation accepted", async () => {
    const { owner, jobId } = await company();
    const ada = await candidate("Ada");
    const bo = await candidate("Bo");
    await withCv(ada);
    await withCv(bo);
    const id = invitationId(await invite(owner, ada.key, jobId));
    const applied = await apply(ada, jobId, { invitation_id: id });
    expect(applied.status).toBe(201);
    // Bo applies unasked.
    expect((await apply(bo, jobId)).status).toBe(201);
    const list = await applicants(owner, jobId);
    expect(list.map((one) => one.invited)).toEqual([true, false]);
    expect(await invitationRow(id)).toMatchObject({ status: "accepted" });
    expect((await applicationsOf(ada))[0]!.invitationId).toBe(id);
    // Applied: the invitation is no longer declined.
    expect((await decline(ada, id)).status).toBe(409);
  });

  it("marks an application made straight from the job's page by an invited candidate", async () => {
    const { owner, jobId } = await company();
    const ada = await candidate("Ada");
    await withCv(ada);
    const id = invitationId(await invite(owner, ada.key, jobId));
    expect((await apply(ada, jobId)).status).toBe(201);
    expect((await applicants(owner, jobId)).map((one) => one.invited)).toEqual([true]);
    expect(await invitationRow(id)).toMatchObject({ status: "accepted" });
  });

  it("refuses an invitation for another job, or another candidate's, with 422 and no application", async () => {
    const { owner, jobId } = await company();
    const other = await listing(owner);
    const [ada, eve] = [await candidate("Ada"), await candidate("Eve")];
    await withCv(ada);
    await withCv(eve);
    const forOther = invitationId(await invite(owner, ada.key, other.jobId));
    const evesOwn = invitationId(await invite(owner, eve.key, jobId));
    for (const id of [forOther, evesOwn, 2_000_000_000]) {
      const refused = await apply(ada, jobId, { invitation_id: id });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body!.errors as object)).toEqual(["invitation_id"]);
    }
    expect((await apply(ada, jobId, { invitation_id: "7" })).status).toBe(422);
    expect(await applicationsOf(ada)).toEqual([]);
    expect(await invitationRow(forOther)).toMatchObject({ status: "sent" });
    expect(await invitationRow(evesOwn)).toMatchObject({ status: "sent" });
  });

  it("is deleted with the candidate's account", async () => {
    const { owner, jobId } = await company();
    const ada = await candidate("Ada");
    const id = invitationId(await invite(owner, ada.key, jobId));
    const deleted = await callApi(currentUserHandler, {
      method: "DELETE",
      headers: bearer(ada.token),
    });
    expect(deleted.status).toBe(200);
    expect(await invitationRow(id)).toBeUndefined();
    expect((await sent(owner)).invitations).toEqual([]);
  });
});

describe("retention", () => {
  it(`deletes invitations once they are older than 180 days`, async () => {
    const { owner, jobId } = await company();
    const ada = await candidate("Ada");
    const id = invitationId(await invite(owner, ada.key, jobId));
    const boss = await getQueue(handle);
    const runAt = (days: number) =>
      TASK_HANDLERS["purge-applications"]({
        db: handle.db,
        boss,
        now: new Date(Date.now() + days * 24 * 60 * 60 * 1000),
        data: {},
      });
    await runAt(179);
    expect(await invitationRow(id)).toBeDefined();
    const done = await runAt(181);
    expect(done.old_invitations).toBeGreaterThanOrEqual(1);
    expect(await invitationRow(id)).toBeUndefined();
    expect(await received(ada)).toEqual([]);
  });
});
