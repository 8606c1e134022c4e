// @vitest-environment node
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { INVITATIONS_PER_DAY } from "@/features/companies/team";
import {
  auditLog,
  companyInvitations,
  companyMembers,
  jobApplications,
  jobs,
} from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import activityHandler from "@/pages/api/company/activity";
import handoverHandler from "@/pages/api/company/handover";
import invitationHandler from "@/pages/api/company/invitations/[invitationId]/index";
import resendHandler from "@/pages/api/company/invitations/[invitationId]/resend";
import inviteHandler from "@/pages/api/company/invitations/index";
import leaveHandler from "@/pages/api/company/leave";
import memberHandler from "@/pages/api/company/members/[memberId]";
import membershipHandler from "@/pages/api/company/membership";
import teamHandler from "@/pages/api/company/team";
import currentUserHandler from "@/pages/api/current_user";
import acceptHandler from "@/pages/api/invitations/accept";
import previewHandler from "@/pages/api/invitations/preview";
import applicantHandler from "@/pages/api/listings/[listingId]/applicants/[applicationId]/index";
import messagesHandler from "@/pages/api/listings/[listingId]/applicants/[applicationId]/messages";
import ownApplicationsHandler from "@/pages/api/job_applications/index";
import notesHandler from "@/pages/api/listings/[listingId]/applicants/[applicationId]/notes";
import listingHandler from "@/pages/api/listings/[listingId]/index";
import listingsHandler from "@/pages/api/listings/index";
import { callApi } from "@/tests/api/call";
import {
  applicant,
  join,
  person,
  postListing,
  queuedMail,
  type Person,
} from "@/tests/api/team-suite";
import { bearer, withClaims } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * Employer teams (issue 44): invitations and their edge cases, changing the team, a removed
 * member's next request, who did what, mail to the right people, and deleting an owner's
 * account. Each test has a company of its own; the people are real emulator accounts.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
let count = 0;

beforeAll(() => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
});

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A new person of this run, named `name`. */
const someone = (name: string) => {
  count += 1;
  return person(
    handle.db,
    `${name}-${run}-${count}`,
    `${name}-${run}-${count}@studio.example`,
    name,
  );
};

/** A company of this test's own: its owner, and its first listing. */
async function company() {
  const owner = await someone("owner");
  const listing = await postListing(handle.db, owner, `Studio ${run} ${count}`);
  return { owner, ...listing };
}

type TeamAnswer = {
  team: {
    members: { id: number; email: string; role: string; is_you: boolean }[];
    invitations: { id: number; email: string; role: string; expired: boolean }[];
    you: { member_id: number; role: string };
    limits: { invitations_left_today: number };
  };
};

const as = (who: Person) => bearer(who.token);
const invite = (who: Person, email: string, role = "recruiter") =>
  callApi(inviteHandler, {
    method: "POST",
    headers: as(who),
    body: { invitation: { email, role } },
  });
const team = async (who: Person) =>
  (await callApi(teamHandler, { headers: as(who) })) as { status: number; body?: TeamAnswer };
const accept = (who: Person | string, token: string) =>
  callApi(acceptHandler, {
    method: "POST",
    headers: bearer(typeof who === "string" ? who : who.token),
    body: { token },
  });
/** The token of the newest invitation mailed to `email`. */
const tokenMailedTo = async (email: string) => {
  const mail = (await queuedMail(handle.db, "team-invitation")).filter((m) => m.to === email);
  return mail.at(-1)!.props.token as string;
};
const membership = async (who: Person) =>
  (await handle.db.select().from(companyMembers).where(eq(companyMembers.userId, who.userId)))[0];

describe("invitations", () => {
  it("invites by mail with a single-use link stored hashed, and the invited account joins", async () => {
    const { owner, companyId } = await company();
    const sam = await someone("sam");
    const invited = await invite(owner, sam.email.toUpperCase());
    expect(invited.status).toBe(201);
    const body = invited.body as TeamAnswer;
    expect(body.team.invitations).toMatchObject([{ email: sam.email, role: "recruiter" }]);
    const token = await tokenMailedTo(sam.email);
    expect(token).toMatch(/^[\w-]{43}$/);
    // The table keeps the hash alone.
    const [row] = await handle.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, companyId));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const preview = await callApi(previewHandler, {
      method: "POST",
      headers: as(sam),
      body: { token },
    });
    expect(preview.body).toMatchObject({
      invitation: { role: "recruiter", email: sam.email, for_you: true, invited_by: "owner" },
    });
    const joined = await accept(sam, token);
    expect(joined.status).toBe(200);
    expect((joined.body as TeamAnswer).team.you.role).toBe("recruiter");
    expect(await membership(sam)).toMatchObject({ companyId, role: "recruiter" });
    // Used once: the same link again is gone.
    expect((await accept(sam, token)).status).toBe(410);
    const me = await callApi(currentUserHandler, { headers: as(sam) });
    expect(me.body).toMatchObject({ company: { role: "recruiter" } });
  });

  it("refuses another address, an unverified one, and keeps the invitation", async () => {
    const { owner } = await company();
    const sam = await someone("sam");
    const eve = await someone("eve");
    await invite(owner, sam.email);
    const token = await tokenMailedTo(sam.email);
    // Whoever else holds the link sees the address masked, in the preview and the refusal.
    const masked = `${sam.email[0]}•••@${sam.email.split("@")[1]}`;
    const seen = await callApi(previewHandler, {
      method: "POST",
      headers: as(eve),
      body: { token },
    });
    expect(seen.body).toMatchObject({ invitation: { email: masked, for_you: false } });
    expect(JSON.stringify(seen.body)).not.toContain(sam.email);
    const refused = await accept(eve, token);
    expect(refused).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect(refused.body!.error).toContain(masked);
    expect(refused.body!.error).not.toContain(sam.email);
    // The invited address, claimed by a token whose provider did not verify it.
    const unverified = withClaims(sam.token, { email_verified: false });
    expect((await accept(unverified, token)).status).toBe(403);
    expect(await membership(eve)).toBeUndefined();
    expect((await accept(sam, token)).status).toBe(200);
  });

  it("refuses an expired, a withdrawn and a resent link, and a made-up one", async () => {
    const { owner, companyId } = await company();
    const [sam, kim, lee] = [await someone("sam"), await someone("kim"), await someone("lee")];
    await invite(owner, sam.email);
    await invite(owner, kim.email);
    await invite(owner, lee.email);
    const samToken = await tokenMailedTo(sam.email);
    const kimToken = await tokenMailedTo(kim.email);
    const leeToken = await tokenMailedTo(lee.email);
    const pending = (await team(owner)).body!.team.invitations;
    const id = (email: string) => pending.find((one) => one.email === email)!.id;

    // Expired: its 7 days are over.
    await handle.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, id(sam.email)));
    expect((await accept(sam, samToken)).status).toBe(410);
    expect((await team(owner)).body!.team.invitations).toContainEqual(
      expect.objectContaining({ email: sam.email, expired: true }),
    );
    // Resent: a new link for 7 days; the old one opens nothing.
    const resent = await callApi(resendHandler, {
      method: "POST",
      params: { invitationId: String(id(sam.email)) },
      headers: as(owner),
    });
    expect(resent.status).toBe(200);
    const newToken = await tokenMailedTo(sam.email);
    expect(newToken).not.toBe(samToken);
    expect((await accept(sam, samToken)).status).toBe(404);
    expect((await accept(sam, newToken)).status).toBe(200);

    // Withdrawn.
    const withdrawn = await callApi(invitationHandler, {
      method: "DELETE",
      params: { invitationId: String(id(kim.email)) },
      headers: as(owner),
    });
    expect(withdrawn.status).toBe(200);
    expect((await accept(kim, kimToken)).status).toBe(410);
    // Made up, and malformed.
    expect((await accept(lee, "A".repeat(43))).status).toBe(404);
    expect((await accept(lee, "not-a-token")).status).toBe(422);
    expect(await membership(kim)).toBeUndefined();
    expect((await accept(lee, leeToken)).status).toBe(200);
    const roles = (await team(owner)).body!.team.members.map((member) => member.role);
    expect(roles.sort()).toEqual(["owner", "recruiter", "recruiter"]);
    expect(companyId).toBeGreaterThan(0);
  });

  it("invites only up to the inviter's role, and never to owner", async () => {
    const { owner, companyId } = await company();
    const admin = await someone("admin");
    await join(handle.db, companyId, admin, "admin");
    const recruiter = await someone("rec");
    await join(handle.db, companyId, recruiter, "recruiter");
    expect((await invite(admin, "a@new.example", "admin")).status).toBe(201);
    expect((await invite(admin, "b@new.example", "owner")).status).toBe(422);
    expect((await invite(recruiter, "c@new.example", "viewer")).status).toBe(403);
    expect((await invite(owner, "not an address", "viewer")).body).toMatchObject({
      errors: { email: [expect.any(String)] },
    });
  });

  it("tells someone already in a company so, and does not move them", async () => {
    const first = await company();
    const second = await company();
    await invite(second.owner, first.owner.email, "admin");
    const token = await tokenMailedTo(first.owner.email);
    const refused = await accept(first.owner, token);
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toMatch(/You are a member of .*: leave it/);
    expect(await membership(first.owner)).toMatchObject({
      companyId: first.companyId,
      role: "owner",
    });
    // An address already in the team, or already invited.
    expect((await invite(second.owner, second.owner.email)).status).toBe(409);
    expect((await invite(second.owner, first.owner.email)).status).toBe(409);
  });

  it("sends at most 20 invitations a day, even all at once", async () => {
    const { owner } = await company();
    const answers = await Promise.all(
      Array.from({ length: INVITATIONS_PER_DAY + 4 }, (_, index) =>
        invite(owner, `burst-${run}-${index}@new.example`, "viewer"),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(INVITATIONS_PER_DAY);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    expect((await team(owner)).body!.team.limits.invitations_left_today).toBe(0);
  });
});

describe("changing the team", () => {
  it("changes roles, removes a member whose next request is refused, and keeps what they did", async () => {
    const { owner, companyId, jobId } = await company();
    const sam = await someone("sam");
    const samMember = await join(handle.db, companyId, sam, "recruiter");
    const applicationId = await applicant(handle.db, jobId, `ada-${run}`);

    // Sam moves an applicant and writes a note.
    const moved = await callApi(applicantHandler, {
      method: "PATCH",
      params: { listingId: String(jobId), applicationId: String(applicationId) },
      headers: as(sam),
      body: { stage: "interview" },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      applicant: { stage: "interview", stage_changed_by: "sam" },
    });
    const noted = await callApi(notesHandler, {
      method: "POST",
      params: { listingId: String(jobId), applicationId: String(applicationId) },
      headers: as(sam),
      body: { body: "Strong reel." },
    });
    expect(noted.status).toBe(201);

    // Made a viewer: they read, and change nothing.
    const demoted = await callApi(memberHandler, {
      method: "PATCH",
      params: { memberId: String(samMember) },
      headers: as(owner),
      body: { member: { role: "viewer" } },
    });
    expect(demoted.status).toBe(200);
    expect(await queuedMail(handle.db, "team-change")).toContainEqual(
      expect.objectContaining({
        to: sam.email,
        props: expect.objectContaining({ role: "viewer" }),
      }),
    );
    const read = await callApi(listingHandler, {
      params: { listingId: String(jobId) },
      headers: as(sam),
    });
    expect(read.status).toBe(200);
    const refused = await callApi(applicantHandler, {
      method: "PATCH",
      params: { listingId: String(jobId), applicationId: String(applicationId) },
      headers: as(sam),
      body: { stage: "offer" },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: "forbidden" } });

    // Removed: the same token's next request is refused.
    const removed = await callApi(memberHandler, {
      method: "DELETE",
      params: { memberId: String(samMember) },
      headers: as(owner),
    });
    expect(removed.status).toBe(200);
    expect(
      (await callApi(listingHandler, { params: { listingId: String(jobId) }, headers: as(sam) }))
        .status,
    ).toBe(404);
    expect((await callApi(listingsHandler, { headers: as(sam) })).body).toEqual({
      listings: [],
    });
    // What they did stays, with their name.
    const detail = await callApi(applicantHandler, {
      params: { listingId: String(jobId), applicationId: String(applicationId) },
      headers: as(owner),
    });
    expect(detail.body).toMatchObject({
      applicant: { stage_changed_by: "sam", notes: [{ body: "Strong reel.", author: "sam" }] },
    });
    const activity = await callApi(activityHandler, { headers: as(owner) });
    const texts = (activity.body as { entries: { actor: string; text: string }[] }).entries;
    expect(texts.slice(0, 3)).toEqual([
      expect.objectContaining({ actor: "owner", text: "Removed sam from the team" }),
      expect.objectContaining({ actor: "owner", text: "Made sam Viewer (was Recruiter)" }),
      expect.objectContaining({
        actor: "sam",
        text: expect.stringMatching(/^Moved ada-.* to Interview on “/),
      }),
    ]);
    expect(texts.at(-1)).toMatchObject({
      actor: "owner",
      text: expect.stringMatching(/^Posted “/),
    });
  });

  it("keeps the owner: not removed, not changed but by a handover, and hands over to an admin", async () => {
    const { owner, companyId } = await company();
    const admin = await someone("admin");
    const adminMember = await join(handle.db, companyId, admin, "admin");
    const ownerMember = (await membership(owner))!.id;
    const recruiter = await someone("rec");
    const recruiterMember = await join(handle.db, companyId, recruiter, "recruiter");

    expect(
      (
        await callApi(memberHandler, {
          method: "DELETE",
          params: { memberId: String(ownerMember) },
          headers: as(admin),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await callApi(memberHandler, {
          method: "PATCH",
          params: { memberId: String(ownerMember) },
          headers: as(admin),
          body: { member: { role: "viewer" } },
        })
      ).status,
    ).toBe(409);
    expect((await callApi(leaveHandler, { method: "POST", headers: as(owner) })).status).toBe(409);
    // The owner's account cannot go while others are in the company.
    const deletion = await callApi(currentUserHandler, { method: "DELETE", headers: as(owner) });
    expect(deletion.status).toBe(409);
    expect(deletion.body!.error).toContain("hand it over");
    // Only an admin takes the company over; only the owner hands it over.
    const handover = (who: Person, memberId: number) =>
      callApi(handoverHandler, {
        method: "POST",
        headers: as(who),
        body: { handover: { member_id: memberId } },
      });
    expect((await handover(admin, adminMember)).status).toBe(403);
    expect((await handover(owner, recruiterMember)).status).toBe(409);
    const done = await handover(owner, adminMember);
    expect(done.status).toBe(200);
    expect(await membership(admin)).toMatchObject({ role: "owner" });
    expect(await membership(owner)).toMatchObject({ role: "admin" });
    expect(await queuedMail(handle.db, "team-change")).toContainEqual(
      expect.objectContaining({
        to: admin.email,
        props: expect.objectContaining({ change: "owner" }),
      }),
    );
    // The old owner now leaves like anyone else.
    expect((await callApi(leaveHandler, { method: "POST", headers: as(owner) })).status).toBe(200);
    expect(await membership(owner)).toBeUndefined();
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, "company.handover")));
    expect(entry).toMatchObject({ actorId: owner.userId });
  });

  it("mails new applicants to each member as they chose", async () => {
    const { owner, companyId, jobId } = await company();
    await handle.db
      .update(jobs)
      .set({ status: "open", applyMethod: "board", applicantMail: "instant" })
      .where(eq(jobs.id, jobId));
    const [all, daily, off] = [await someone("all"), await someone("daily"), await someone("off")];
    for (const [who, choice] of [
      [all, "instant"],
      [daily, "daily"],
      [off, "off"],
    ] as const) {
      await join(handle.db, companyId, who, "viewer");
      const chosen = await callApi(membershipHandler, {
        method: "PATCH",
        headers: as(who),
        body: { membership: { applicant_mail: choice } },
      });
      expect(chosen.status).toBe(200);
    }
    const { instantRecipients } = await import("@/features/applications/server/employer-mail");
    const told = (await instantRecipients(handle.db, jobId)).map((row) => row.to).sort();
    // The author (choosing their own listings, this one set to tell at once) and "instant".
    expect(told).toEqual([all.email, owner.email].sort());

    // "daily": one digest at 8:00 UTC naming the day's applicants of every listing.
    await handle.db
      .update(companyMembers)
      .set({ joinedAt: new Date("2030-01-01T00:00:00Z") })
      .where(eq(companyMembers.userId, daily.userId));
    const applicationId = await applicant(handle.db, jobId, `bea-${run}`);
    const { jobApplications } = await import("@/lib/server/db/schema");
    await handle.db
      .update(jobApplications)
      .set({ createdAt: new Date("2030-01-01T12:00:00Z") })
      .where(eq(jobApplications.id, applicationId));
    const boss = await getQueue(handle);
    const runAt = (now: string) =>
      TASK_HANDLERS["applicant-digest"]({ db: handle.db, boss, now: new Date(now), data: {} });
    expect(await runAt("2030-01-02T07:00:00Z")).toMatchObject({ member_digests: 0 });
    expect(await runAt("2030-01-02T08:05:00Z")).toMatchObject({ member_digests: 1 });
    expect(await runAt("2030-01-02T09:05:00Z")).toMatchObject({ member_digests: 0 });
    const digests = (await queuedMail(handle.db, "applicant-digest")).filter(
      (mail) => mail.to === daily.email,
    );
    expect(digests).toEqual([
      expect.objectContaining({
        props: expect.objectContaining({
          jobId,
          applicants: [{ name: `bea-${run}`, headline: null }],
        }),
      }),
    ]);
  });
});

describe("a team's conversation with a candidate (issue 61)", () => {
  type Message = {
    body: string;
    from: string;
    author: string | null;
    writer: string | null;
    mine: boolean;
  };
  const write = (who: Person, jobId: number, applicationId: number, body: string) =>
    callApi(messagesHandler, {
      method: "POST",
      params: { listingId: String(jobId), applicationId: String(applicationId) },
      headers: as(who),
      body: { body },
    });
  const thread = async (who: Person, jobId: number, applicationId: number) => {
    const read = await callApi(applicantHandler, {
      params: { listingId: String(jobId), applicationId: String(applicationId) },
      headers: as(who),
    });
    expect(read.status).toBe(200);
    return (read.body as { applicant: { messages: Message[] } }).applicant.messages;
  };

  it("names each message's writer: 'mine' only for the reader's own, a teammate by name, the candidate by name only", async () => {
    const { owner, companyId, jobId } = await company();
    const rita = await someone("rita");
    await join(handle.db, companyId, rita, "recruiter");
    const vic = await someone("vic");
    await join(handle.db, companyId, vic, "viewer");
    const ada = await someone("ada");
    const [row] = await handle.db
      .insert(jobApplications)
      .values({ jobId, userId: ada.userId, fullName: "Ada Lovelace", email: ada.email })
      .returning();
    const applicationId = row!.id;

    const sent = await write(owner, jobId, applicationId, "Free on Tuesday?");
    expect(sent.status).toBe(201);
    expect((sent.body as { message: Message }).message).toMatchObject({
      mine: true,
      writer: "owner",
    });
    expect((await write(rita, jobId, applicationId, "Or Wednesday?")).status).toBe(201);

    // The recruiter and the viewer see the owner's message as the owner's, not as their own.
    expect(await thread(rita, jobId, applicationId)).toMatchObject([
      { body: "Free on Tuesday?", writer: "owner", mine: false },
      { body: "Or Wednesday?", writer: "rita", mine: true },
    ]);
    expect(await thread(vic, jobId, applicationId)).toMatchObject([
      { writer: "owner", mine: false },
      { writer: "rita", mine: false },
    ]);
    expect(await thread(owner, jobId, applicationId)).toMatchObject([
      { writer: "owner", mine: true },
      { writer: "rita", mine: false },
    ]);

    // The candidate sees the company and who wrote, by name; their own are theirs.
    const own = await callApi(ownApplicationsHandler, { headers: as(ada) });
    const mine = (
      own.body as { applications: { id: number; messages: Message[] }[] }
    ).applications.find((entry) => entry.id === applicationId)!;
    expect(mine.messages).toMatchObject([
      { from: "employer", writer: "owner", mine: false },
      { from: "employer", writer: "rita", mine: false },
    ]);
    expect(mine.messages[0]!.author).toMatch(/^Studio /);
    // The mail to the candidate names the writer too, and no teammate's address.
    const mail = (await queuedMail(handle.db, "application-message")).filter(
      (m) => m.props.applicationId === applicationId,
    );
    expect(mail.map((m) => m.props.writerName)).toEqual(["owner", "rita"]);
    expect(JSON.stringify(mail)).not.toContain(owner.email);

    // Another company's member reads and writes nothing of it.
    const other = await company();
    expect((await write(other.owner, jobId, applicationId, "Hi")).status).toBe(404);
    const read = await callApi(applicantHandler, {
      params: { listingId: String(jobId), applicationId: String(applicationId) },
      headers: as(other.owner),
    });
    expect(read.status).toBe(404);
    expect((await write(other.owner, other.jobId, applicationId, "Hi")).status).toBe(404);
  });

  it("gives a teammate without a name their address, and never an address to the candidate", async () => {
    const { owner, companyId, jobId } = await company();
    const ada = await someone("ada");
    const [row] = await handle.db
      .insert(jobApplications)
      .values({ jobId, userId: ada.userId, fullName: "Ada", email: ada.email })
      .returning();
    const rita = await someone("rita");
    await join(handle.db, companyId, rita, "recruiter");
    await handle.db.execute(sql`update users set full_name = null where id = ${rita.userId}`);
    expect((await write(rita, jobId, row!.id, "Hello")).status).toBe(201);
    expect(await thread(owner, jobId, row!.id)).toMatchObject([
      { writer: rita.email, mine: false },
    ]);
    const own = await callApi(ownApplicationsHandler, { headers: as(ada) });
    expect(JSON.stringify(own.body)).not.toContain(rita.email);
  });
});

describe("a removed member (issue 61)", () => {
  it("is told they were removed from the company's team, naming it, not that nothing is there", async () => {
    const { owner, companyId, jobId } = await company();
    const sam = await someone("sam");
    const samMember = await join(handle.db, companyId, sam, "recruiter");
    const applicationId = await applicant(handle.db, jobId, `cy-${run}`);
    const removed = await callApi(memberHandler, {
      method: "DELETE",
      params: { memberId: String(samMember) },
      headers: as(owner),
    });
    expect(removed.status).toBe(200);
    const said = expect.stringMatching(/^You were removed from Studio .+'s team/);
    const detail = await callApi(applicantHandler, {
      params: { listingId: String(jobId), applicationId: String(applicationId) },
      headers: as(sam),
    });
    expect(detail).toMatchObject({ status: 404, body: { code: "removed_from_team", error: said } });
    expect(await team(sam)).toMatchObject({
      status: 404,
      body: { code: "removed_from_team", error: said },
    });
    // Nothing of it is read: no applicant, no team.
    expect(JSON.stringify(detail.body)).not.toContain("cy-");

    // Someone never in it, and a member who left of their own accord, are not told so.
    const stranger = await someone("stranger");
    expect(
      await callApi(applicantHandler, {
        params: { listingId: String(jobId), applicationId: String(applicationId) },
        headers: as(stranger),
      }),
    ).toMatchObject({ status: 404, body: { code: "not_found" } });
    const lea = await someone("lea");
    await join(handle.db, companyId, lea, "recruiter");
    expect((await callApi(leaveHandler, { method: "POST", headers: as(lea) })).status).toBe(200);
    expect(await team(lea)).toMatchObject({ status: 404, body: { code: "not_found" } });

    // Removed from one company, a member of another: that one's pages are theirs, the old
    // company's ids are simply not theirs.
    const other = await company();
    await join(handle.db, other.companyId, sam, "recruiter");
    expect((await team(sam)).status).toBe(200);
    expect(
      await callApi(applicantHandler, {
        params: { listingId: String(jobId), applicationId: String(applicationId) },
        headers: as(sam),
      }),
    ).toMatchObject({ status: 404, body: { code: "not_found" } });
  });
});
