// @vitest-environment node
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, boardInvitations, boardMembers } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { renderMail } from "@/lib/server/worker/mail-templates";
import { BOARD_INVITATIONS_PER_DAY } from "@/features/moderation/server/board-team";
import { callApi } from "@/tests/api/call";
import { person, queuedMail, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The board's team after it was built (issue 64's follow-ups), on the real database and real
 * emulator tokens: an owner resends an invitation (a new link, the old one dead, 7 days again,
 * audited, bounded by the day's invitations); a member is told by mail when their role changes
 * or they are removed; names in Japanese, Arabic and Polish come back as typed, in the team's
 * answer and in both mails; hostile JSON keys are 422 and change nothing; ids that are not
 * there, or not in the state asked, are 404 and change nothing.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const OWNER = `owner-${run}@board.example`;

// As typed on the team screen (the names Google gives the account).
const NAMES = {
  owner: "田中 太郎",
  japanese: "山田 花子",
  arabic: "ليلى عبد الله",
  polish: "Zofia Łukasiewicz-Żółć",
} as const;
type Who = keyof typeof NAMES;
const people = {} as Record<Who, Person>;

const team = routeFor("/api/moderation/team");
const invitations = routeFor("/api/moderation/team/invitations");
const invitation = routeFor("/api/moderation/team/invitations/{invitationId}");
const resend = routeFor("/api/moderation/team/invitations/{invitationId}/resend");
const members = routeFor("/api/moderation/team/members/{memberId}");
const accept = routeFor("/api/board_invitations/accept");
const preview = routeFor("/api/board_invitations/preview");
const reviewQueue = routeFor("/api/moderation/review");
const currentUser = routeFor("/api/current_user");

type Team = {
  team: {
    members: { id: number; user_id: number; name: string | null; role: string }[];
    invitations: { id: number; email: string; expires_at: string; invited_by: string | null }[];
  };
};

const owner = () => bearer(people.owner.token);

const invite = (email: string, role: string) =>
  callApi(invitations, { method: "POST", headers: owner(), body: { invitation: { email, role } } });

const mailTo = async (template: string, email: string) =>
  (await queuedMail(handle.db, template)).filter((m) => m.to === email);

const tokenFor = async (email: string) =>
  (await mailTo("board-invitation", email)).at(-1)!.props.token as string;

const invitationRow = async (email: string) =>
  (await handle.db.select().from(boardInvitations).where(eq(boardInvitations.email, email)))[0]!;

const memberOf = async (who: Person) =>
  (await handle.db.select().from(boardMembers).where(eq(boardMembers.userId, who.userId)))[0];

/** Invites `who` with `role` and accepts with their account. */
async function join(who: Person, role: string) {
  expect((await invite(who.email, role)).status).toBe(201);
  const accepted = await callApi(accept, {
    method: "POST",
    headers: bearer(who.token),
    body: { token: await tokenFor(who.email) },
  });
  expect(accepted.status).toBe(200);
  return (await memberOf(who))!;
}

/** A queued message, rendered as it will be sent: both parts. */
async function rendered(message: { template: string; to: string; props: unknown }) {
  const mail = await renderMail(message as MailMessage);
  // React puts an empty comment between neighbouring texts: read the HTML as a client shows it.
  return { html: mail.html.replaceAll("<!-- -->", ""), text: mail.text };
}

/** Everything about the team that a refused request must leave as it was. */
const snapshot = async () => ({
  members: await handle.db.select().from(boardMembers).orderBy(boardMembers.id),
  invitations: await handle.db.select().from(boardInvitations).orderBy(boardInvitations.id),
  audit: (
    await handle.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(inArray(auditLog.subjectType, ["board_member", "board_invitation"]))
  ).length,
  mail: (await queuedMail(handle.db, "board-invitation")).length,
  changes: (await queuedMail(handle.db, "board-change")).length,
});

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", OWNER);
  people.owner = await person(handle.db, `owner-${run}`, OWNER, NAMES.owner);
  for (const who of ["japanese", "arabic", "polish"] as const) {
    people[who] = await person(
      handle.db,
      `${who}-${run}`,
      `${who}-${run}@board.example`,
      NAMES[who],
    );
  }
}, 60_000);

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("the board's team: names as typed", () => {
  it("keeps Japanese, Arabic and Polish names in the team, the invitation and the role-change mail", async () => {
    await join(people.japanese, "editor");
    await join(people.arabic, "moderator");
    await join(people.polish, "finance");

    const listed = await callApi(team, { headers: owner() });
    expect(listed.status).toBe(200);
    expect((listed.body as Team).team.members.map((m) => m.name)).toEqual([
      NAMES.japanese,
      NAMES.arabic,
      NAMES.polish,
    ]);

    // The invitation names its inviter as typed, in both parts.
    const [invitationMail] = await mailTo("board-invitation", people.arabic.email);
    expect(invitationMail!.props.inviterName).toBe(NAMES.owner);
    const invited = await rendered(invitationMail!);
    expect(invited.html).toContain(`${NAMES.owner} invited you`);
    expect(invited.text).toContain(`${NAMES.owner} invited you`);

    // The role-change mail greets each member by their name, as typed.
    for (const who of ["japanese", "arabic", "polish"] as const) {
      const member = (await memberOf(people[who]))!;
      const changed = await callApi(members, {
        method: "PATCH",
        params: { memberId: String(member.id) },
        headers: owner(),
        body: { member: { role: "moderator" === member.role ? "editor" : "moderator" } },
      });
      expect(changed.status).toBe(200);
      const [mail] = await mailTo("board-change", people[who].email);
      expect(mail!.props).toMatchObject({ recipientName: NAMES[who], change: "role" });
      const { html, text } = await rendered(mail!);
      expect(html).toContain(`Hi ${NAMES[who]},`);
      expect(text).toContain(`Hi ${NAMES[who]},`);
    }
  });
});

describe("the board's team: mail on a change", () => {
  it("tells a member their new role, not when it stays, and tells them when removed", async () => {
    const member = (await memberOf(people.polish))!;
    const before = (await mailTo("board-change", people.polish.email)).length;
    const same = await callApi(members, {
      method: "PATCH",
      params: { memberId: String(member.id) },
      headers: owner(),
      body: { member: { role: member.role } },
    });
    expect(same.status).toBe(200);
    expect(await mailTo("board-change", people.polish.email)).toHaveLength(before);

    const changed = await callApi(members, {
      method: "PATCH",
      params: { memberId: String(member.id) },
      headers: owner(),
      body: { member: { role: "finance" } },
    });
    expect(changed.status).toBe(200);
    const roleMail = (await mailTo("board-change", people.polish.email)).at(-1)!;
    expect(roleMail.props).toEqual({
      recipientName: NAMES.polish,
      change: "role",
      role: "finance",
    });
    expect((await rendered(roleMail)).text).toContain("made you Finance");

    const removed = await callApi(members, {
      method: "DELETE",
      params: { memberId: String(member.id) },
      headers: owner(),
    });
    expect(removed.status).toBe(200);
    const removedMail = (await mailTo("board-change", people.polish.email)).at(-1)!;
    expect(removedMail.props).toEqual({
      recipientName: NAMES.polish,
      change: "removed",
      role: null,
    });
    expect((await rendered(removedMail)).text).toContain("removed you from its team");

    // The removal counts on the very next request: the guard and the current user alike.
    const me = await callApi(currentUser, { headers: bearer(people.polish.token) });
    expect(me.body).toMatchObject({ is_moderator: false, board_role: null, board_areas: [] });
    expect((await callApi(reviewQueue, { headers: bearer(people.polish.token) })).status).toBe(403);
  });
});

describe("the board's team: resending an invitation", () => {
  it("mails a new link for 7 days again: the old link is dead, the resend audited", async () => {
    const email = `again-${run}@board.example`;
    expect((await invite(email, "editor")).status).toBe(201);
    const first = await tokenFor(email);
    // Let it expire: an expired invitation is sent again too.
    await handle.db
      .update(boardInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(boardInvitations.email, email));
    const row = await invitationRow(email);

    const started = Date.now();
    const sent = await callApi(resend, {
      method: "POST",
      params: { invitationId: String(row.id) },
      headers: owner(),
    });
    expect(sent.status).toBe(200);
    const listed = (sent.body as Team).team.invitations.find((i) => i.id === row.id)!;
    expect(listed).toMatchObject({ expired: false, invited_by: NAMES.owner });
    const expires = Date.parse(listed.expires_at);
    expect(expires).toBeGreaterThanOrEqual(started + 7 * 86_400_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 1000);

    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    expect((await invitationRow(email)).tokenHash).not.toBe(row.tokenHash);
    const old = await callApi(preview, {
      method: "POST",
      headers: owner(),
      body: { token: first },
    });
    expect(old.status).toBe(404);
    const fresh = await callApi(preview, {
      method: "POST",
      headers: owner(),
      body: { token: second },
    });
    expect(fresh.body).toMatchObject({ invitation: { role: "editor" } });

    const [audited] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "board_invitation.resend"), eq(auditLog.subjectId, row.id)));
    expect(audited).toMatchObject({
      actorId: people.owner.userId,
      actorEmail: OWNER,
      detail: { email, role: "editor" },
    });
  });
});

describe("the board's team: refusals that change nothing", () => {
  it("answers hostile JSON keys (__proto__, constructor) with 422", async () => {
    const member = (await memberOf(people.arabic))!;
    const bodies: [typeof invitations, "POST" | "PATCH", Record<string, string>, string][] = [
      [
        invitations,
        "POST",
        {},
        `{"invitation":{"email":"proto-${run}@board.example","role":"editor"},"__proto__":{"role":"owner"}}`,
      ],
      [
        invitations,
        "POST",
        {},
        `{"invitation":{"email":"proto-${run}@board.example","role":"editor","__proto__":{"role":"owner"}}}`,
      ],
      [
        invitations,
        "POST",
        {},
        `{"invitation":{"email":"proto-${run}@board.example","role":"editor","constructor":{"prototype":{"role":"owner"}}}}`,
      ],
      [invitations, "POST", {}, `{"constructor":{"prototype":{"admin":true}}}`],
      [
        members,
        "PATCH",
        { memberId: String(member.id) },
        `{"member":{"role":"owner","__proto__":{"role":"owner"}}}`,
      ],
      [
        members,
        "PATCH",
        { memberId: String(member.id) },
        `{"member":{"role":"owner"},"constructor":{"prototype":{"role":"owner"}}}`,
      ],
      [
        members,
        "PATCH",
        { memberId: String(member.id) },
        `{"__proto__":{"member":{"role":"owner"}}}`,
      ],
    ];
    const before = await snapshot();
    for (const [route, method, params, raw] of bodies) {
      const answer = await callApi(route, {
        method,
        params,
        headers: { ...owner(), "content-type": "application/json" },
        raw,
      });
      expect([raw, answer.status]).toEqual([raw, 422]);
      expect(answer.body).toMatchObject({ errors: expect.any(Object) });
    }
    expect(await snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("answers 404 for ids that are not there or not pending, and changes nothing", async () => {
    const accepted = await invitationRow(people.japanese.email);
    const email = `withdrawn-${run}@board.example`;
    expect((await invite(email, "finance")).status).toBe(201);
    const withdrawn = await invitationRow(email);
    expect(
      (
        await callApi(invitation, {
          method: "DELETE",
          params: { invitationId: String(withdrawn.id) },
          headers: owner(),
        })
      ).status,
    ).toBe(200);
    const member = (await memberOf(people.arabic))!;

    const before = await snapshot();
    const calls: [typeof members, "PATCH" | "DELETE" | "POST", Record<string, string>, unknown][] =
      [
        [members, "PATCH", { memberId: "987654" }, { member: { role: "owner" } }],
        [members, "DELETE", { memberId: "987654" }, undefined],
        // A user's id is not a member's id.
        [members, "DELETE", { memberId: String(people.arabic.userId + 100_000) }, undefined],
        [invitation, "DELETE", { invitationId: "987654" }, undefined],
        [invitation, "DELETE", { invitationId: String(accepted.id) }, undefined],
        [invitation, "DELETE", { invitationId: String(withdrawn.id) }, undefined],
        [resend, "POST", { invitationId: "987654" }, undefined],
        [resend, "POST", { invitationId: String(accepted.id) }, undefined],
        [resend, "POST", { invitationId: String(withdrawn.id) }, undefined],
      ];
    for (const [route, method, params, body] of calls) {
      const answer = await callApi(route, { method, params, headers: owner(), body });
      expect([method, params, answer.status]).toEqual([method, params, 404]);
      expect(answer.body).toMatchObject({ error: expect.anything() });
    }
    expect(await snapshot()).toEqual(before);
    expect((await memberOf(people.arabic))!.role).toBe(member.role);
  });

  it("refuses a resend, and a new invitation, past the day's invitations (409)", async () => {
    const email = `bounded-${run}@board.example`;
    expect((await invite(email, "moderator")).status).toBe(201);
    const row = await invitationRow(email);
    // Fill the day up with sends in the audit log, as they are counted.
    const [sentToday] = await handle.db
      .select({ n: count() })
      .from(auditLog)
      .where(inArray(auditLog.action, ["board_invitation.send", "board_invitation.resend"]));
    const missing = BOARD_INVITATIONS_PER_DAY - (sentToday?.n ?? 0);
    if (missing > 0) {
      await handle.db.insert(auditLog).values(
        Array.from({ length: missing }, () => ({
          role: "moderator" as const,
          actorId: people.owner.userId,
          actorEmail: OWNER,
          action: "board_invitation.send",
          subjectType: "board_invitation",
          subjectId: row.id,
          detail: {},
        })),
      );
    }
    const before = await snapshot();
    const again = await callApi(resend, {
      method: "POST",
      params: { invitationId: String(row.id) },
      headers: owner(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: expect.stringMatching(/24 hours/) });
    expect((await invite(`one-more-${run}@board.example`, "editor")).status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });
});
