// @vitest-environment node
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, boardInvitations, boardMembers } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { person, queuedMail, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The board's own team (issue 64) on the real database and real emulator tokens: an owner
 * invites by address with a role, the invited person accepts with the verified address (once,
 * before it expires), the role counts from their next request, a removal too, and the board
 * keeps an owner. Every change is in the audit log with who made it.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const OWNER = `owner-${run}@board.example`;
const people = {} as Record<"owner" | "newcomer" | "stranger" | "late", Person>;

const team = routeFor("/api/moderation/team");
const invitations = routeFor("/api/moderation/team/invitations");
const members = routeFor("/api/moderation/team/members/{memberId}");
const accept = routeFor("/api/board_invitations/accept");
const preview = routeFor("/api/board_invitations/preview");
const reviewQueue = routeFor("/api/moderation/review");
const invoices = routeFor("/api/moderation/invoices");

type Team = {
  team: {
    members: { id: number; user_id: number; role: string; invited_by: string | null }[];
    invitations: { id: number; email: string }[];
  };
};

const invite = (email: string, role: string, token = people.owner.token) =>
  callApi(invitations, {
    method: "POST",
    headers: bearer(token),
    body: { invitation: { email, role } },
  });

/** The token of the newest invitation mailed to `email`. */
async function tokenFor(email: string) {
  const mail = (await queuedMail(handle.db, "board-invitation")).filter((m) => m.to === email);
  return mail.at(-1)!.props.token as string;
}

const auditOf = (action: string) =>
  handle.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", OWNER);
  people.owner = await person(handle.db, `owner-${run}`, OWNER, "Olive Owner");
  for (const name of ["newcomer", "stranger", "late"] as const) {
    people[name] = await person(handle.db, `${name}-${run}`, `${name}-${run}@board.example`, name);
  }
}, 60_000);

afterEach(() => {
  vi.stubEnv("ADMIN_EMAILS", OWNER);
});

describe("the board's team", () => {
  it("invites by mail; only the invited address accepts, once; the role counts at once", async () => {
    const invited = await invite(people.newcomer.email, "finance");
    expect(invited.status).toBe(201);
    expect((invited.body as Team).team.invitations.map((i) => i.email)).toEqual([
      people.newcomer.email,
    ]);
    expect(await invite(people.newcomer.email, "editor").then((r) => r.status)).toBe(409);
    const token = await tokenFor(people.newcomer.email);

    // Before: no role, nothing of the board's.
    const before = await callApi(invoices, { headers: bearer(people.newcomer.token) });
    expect(before.status).toBe(403);

    // Someone else holding the link sees a masked address and cannot use it.
    const seen = await callApi(preview, {
      method: "POST",
      headers: bearer(people.stranger.token),
      body: { token },
    });
    expect(seen.body).toMatchObject({ invitation: { role: "finance", for_you: false } });
    expect((seen.body as { invitation: { email: string } }).invitation.email).not.toBe(
      people.newcomer.email,
    );
    const wrong = await callApi(accept, {
      method: "POST",
      headers: bearer(people.stranger.token),
      body: { token },
    });
    expect(wrong.status).toBe(403);

    const accepted = await callApi(accept, {
      method: "POST",
      headers: bearer(people.newcomer.token),
      body: { token },
    });
    expect(accepted).toMatchObject({ status: 200, body: { role: "finance" } });
    const reused = await callApi(accept, {
      method: "POST",
      headers: bearer(people.newcomer.token),
      body: { token },
    });
    expect(reused.status).toBe(410);

    // Finance: invoices, not the review queue nor the team.
    expect((await callApi(invoices, { headers: bearer(people.newcomer.token) })).status).toBe(200);
    expect((await callApi(reviewQueue, { headers: bearer(people.newcomer.token) })).status).toBe(
      403,
    );
    expect((await callApi(team, { headers: bearer(people.newcomer.token) })).status).toBe(403);

    const listed = await callApi(team, { headers: bearer(people.owner.token) });
    expect((listed.body as Team).team.members).toEqual([
      expect.objectContaining({
        user_id: people.newcomer.userId,
        role: "finance",
        invited_by: "Olive Owner",
      }),
    ]);
    const [sent] = await auditOf("board_invitation.send");
    expect(sent).toMatchObject({ actorId: people.owner.userId, actorEmail: OWNER });
    const [joined] = await auditOf("board_member.join");
    expect(joined).toMatchObject({ actorId: people.newcomer.userId });
  });

  it("refuses an expired link", async () => {
    expect((await invite(people.late.email, "moderator")).status).toBe(201);
    const token = await tokenFor(people.late.email);
    await handle.db
      .update(boardInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(boardInvitations.email, people.late.email));
    const expired = await callApi(accept, {
      method: "POST",
      headers: bearer(people.late.token),
      body: { token },
    });
    expect(expired.status).toBe(410);
    expect((await callApi(reviewQueue, { headers: bearer(people.late.token) })).status).toBe(403);
  });

  it("changes a role and removes a member, from their next request, in the audit log", async () => {
    const [row] = await handle.db
      .select()
      .from(boardMembers)
      .where(eq(boardMembers.userId, people.newcomer.userId));
    const changed = await callApi(members, {
      method: "PATCH",
      params: { memberId: String(row!.id) },
      headers: bearer(people.owner.token),
      body: { member: { role: "moderator" } },
    });
    expect(changed.status).toBe(200);
    expect((await callApi(reviewQueue, { headers: bearer(people.newcomer.token) })).status).toBe(
      200,
    );
    expect((await callApi(invoices, { headers: bearer(people.newcomer.token) })).status).toBe(403);

    const removed = await callApi(members, {
      method: "DELETE",
      params: { memberId: String(row!.id) },
      headers: bearer(people.owner.token),
    });
    expect(removed.status).toBe(200);
    expect((removed.body as Team).team.members).toEqual([]);
    const next = await callApi(reviewQueue, { headers: bearer(people.newcomer.token) });
    expect(next.status).toBe(403);
    expect(next.body).toMatchObject({ error: expect.anything() });

    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "board_member"), eq(auditLog.subjectId, row!.id)));
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual(
      expect.arrayContaining([
        ["board_member.role", people.owner.userId],
        ["board_member.remove", people.owner.userId],
      ]),
    );
  });

  it("keeps the board's last owner", async () => {
    const [row] = await handle.db
      .insert(boardMembers)
      .values({ userId: people.stranger.userId, role: "owner" })
      .returning();
    // A board whose ADMIN_EMAILS is empty: its one owner is this member.
    vi.stubEnv("ADMIN_EMAILS", "");
    const demote = await callApi(members, {
      method: "PATCH",
      params: { memberId: String(row!.id) },
      headers: bearer(people.stranger.token),
      body: { member: { role: "editor" } },
    });
    expect(demote.status).toBe(409);
    const remove = await callApi(members, {
      method: "DELETE",
      params: { memberId: String(row!.id) },
      headers: bearer(people.stranger.token),
    });
    expect(remove.status).toBe(409);
    expect((await callApi(team, { headers: bearer(people.stranger.token) })).status).toBe(200);
  });

  it("answers 404 for a member or invitation that is not there", async () => {
    const missing = await callApi(members, {
      method: "DELETE",
      params: { memberId: "999999" },
      headers: bearer(people.owner.token),
    });
    expect(missing.status).toBe(404);
  });
});
