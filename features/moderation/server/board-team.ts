import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { BoardRole } from "@/lib/auth/board-roles";
import {
  BOARD_INVITATION_DAYS,
  type boardInvitationPreviewSchema,
  type boardTeamSchema,
} from "@/features/moderation/board-team-schemas";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import { maskedAddress, newInvitationToken, tokenHash } from "@/lib/server/auth/invitation-links";
import type { Moderator } from "@/lib/server/auth/caller";
import type { Database } from "@/lib/server/db/client";
import { databaseErrorCode } from "@/lib/server/db/errors";
import {
  auditLog,
  boardInvitations,
  boardMembers,
  users,
  type BoardInvitation,
  type User,
} from "@/lib/server/db/schema";
import { readServerEnv } from "@/lib/server/env";
import { conflict, forbidden, gone, notFound } from "@/lib/server/errors";
import type { MailMessage } from "@/lib/server/mail/messages";
import { isNamedOwner, verifiedEmail } from "@/lib/server/users/moderators";
import { memberName } from "@/lib/server/users/users";

/*
 * The board's own team (issue 64): members and their roles, invitations by mail like a
 * company's (a single-use link for the verified invited address, 7 days), role changes and
 * removals. The board guard has let only a role reaching "team" (owners) call these; each
 * change is in the audit log with who made it, in the change's own transaction. A removal or a
 * new role takes effect on the member's next request: the guard reads the role afresh.
 */

type BoardTeam = z.infer<typeof boardTeamSchema>;
type Change<T> = { result: T; mail: MailMessage[] };

/** Invitations the board's owners may send, or send again, in 24 hours (all owners together). */
export const BOARD_INVITATIONS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

const isPending = and(isNull(boardInvitations.acceptedAt), isNull(boardInvitations.withdrawnAt));

/** The audit log's actor for a member of the board's team. */
const teamActor = (who: { id: number; email: string | null }): AuditActor => ({
  role: "moderator",
  id: who.id,
  email: who.email,
});

const actorOf = (moderator: Moderator) =>
  teamActor({ id: moderator.userId, email: moderator.email });

/** Serialises changes to the team: two owners removing each other wait for one another. */
const lockTeam = (tx: Database) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('board_team'))`);

/** The board's team as an owner sees it: named owners, members, pending invitations. */
export async function boardTeamOf(
  db: Database,
  moderator: Moderator,
  now: Date = new Date(),
): Promise<BoardTeam> {
  const inviters = alias(users, "inviters");
  const inviterName = sql<string | null>`coalesce(${inviters.fullName}, ${inviters.email})`;
  const [members, invitations] = await Promise.all([
    db
      .select({
        row: boardMembers,
        name: users.fullName,
        email: users.email,
        inviter: inviterName,
      })
      .from(boardMembers)
      .innerJoin(users, eq(users.id, boardMembers.userId))
      .leftJoin(inviters, eq(inviters.id, boardMembers.invitedBy))
      .orderBy(boardMembers.addedAt, boardMembers.id),
    db
      .select({ row: boardInvitations, inviter: memberName })
      .from(boardInvitations)
      .leftJoin(users, eq(users.id, boardInvitations.invitedBy))
      .where(isPending)
      .orderBy(boardInvitations.sentAt, boardInvitations.id),
  ]);
  return {
    named_owners: readServerEnv().ADMIN_EMAILS,
    members: members.map(({ row, name, email, inviter }) => ({
      id: row.id,
      user_id: row.userId,
      name,
      email,
      role: row.role,
      invited_by: inviter,
      added_at: row.addedAt.toISOString(),
      is_you: row.userId === moderator.userId,
    })),
    invitations: invitations.map(({ row, inviter }) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      invited_by: inviter,
      sent_at: row.sentAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      expired: row.expiresAt <= now,
    })),
  };
}

/** Invitations sent or sent again in the last 24 hours, as the audit log has them. */
async function withinDailyInvitations(tx: Database, now: Date) {
  const [sent] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, ["board_invitation.send", "board_invitation.resend"]),
        gt(auditLog.at, new Date(now.getTime() - DAY_MS)),
      ),
    );
  if ((sent?.n ?? 0) >= BOARD_INVITATIONS_PER_DAY) {
    throw conflict(
      `The board sent ${BOARD_INVITATIONS_PER_DAY} invitations in the last 24 hours: send more tomorrow`,
    );
  }
}

/** A new token for an invitation (only its hash is kept) and the mail that carries it. */
async function invitationMail(
  tx: Database,
  moderator: Moderator,
  invitation: { email: string; role: BoardRole },
  expiresAt: Date,
): Promise<{ hash: string; mail: MailMessage }> {
  const token = newInvitationToken();
  const [inviter] = await tx
    .select({ name: memberName })
    .from(users)
    .where(eq(users.id, moderator.userId));
  return {
    hash: tokenHash(token),
    mail: {
      template: "board-invitation",
      to: invitation.email,
      props: {
        role: invitation.role,
        inviterName: inviter?.name ?? null,
        token,
        expiresAt: expiresAt.toISOString(),
      },
    },
  };
}

/** Invites `email` to the board's team with `role`: a mail with a link for 7 days. */
export async function inviteToBoard(
  tx: Database,
  moderator: Moderator,
  invitation: { email: string; role: BoardRole },
  now: Date = new Date(),
): Promise<Change<BoardTeam>> {
  await lockTeam(tx);
  const email = invitation.email.trim().toLowerCase();
  if (readServerEnv().ADMIN_EMAILS.includes(email)) {
    throw conflict(`${email} is an owner already (ADMIN_EMAILS names them)`);
  }
  const [already] = await tx
    .select({ id: boardMembers.id })
    .from(boardMembers)
    .innerJoin(users, eq(users.id, boardMembers.userId))
    .where(sql`lower(${users.email}) = ${email}`);
  if (already) throw conflict(`${email} is on the board's team already: change their role`);
  const [pending] = await tx
    .select({ id: boardInvitations.id })
    .from(boardInvitations)
    .where(and(eq(boardInvitations.email, email), isPending));
  if (pending) throw conflict(`${email} is invited already: withdraw that invitation first`);
  await withinDailyInvitations(tx, now);
  const expiresAt = new Date(now.getTime() + BOARD_INVITATION_DAYS * DAY_MS);
  const { hash, mail } = await invitationMail(
    tx,
    moderator,
    { email, role: invitation.role },
    expiresAt,
  );
  const [row] = await tx
    .insert(boardInvitations)
    .values({
      email,
      role: invitation.role,
      tokenHash: hash,
      invitedBy: moderator.userId,
      sentAt: now,
      expiresAt,
    })
    .returning({ id: boardInvitations.id });
  await recordAudit(tx, actorOf(moderator), {
    action: "board_invitation.send",
    subjectType: "board_invitation",
    subjectId: row!.id,
    detail: { email, role: invitation.role },
  });
  return { result: await boardTeamOf(tx, moderator, now), mail: [mail] };
}

/** A pending invitation, locked; 404 for any other id (accepted, withdrawn, or none). */
async function pendingInvitation(tx: Database, invitationId: number) {
  const [row] = await tx
    .select()
    .from(boardInvitations)
    .where(and(eq(boardInvitations.id, invitationId), isPending))
    .for("update");
  if (!row) throw notFound("There is no pending invitation with this id");
  return row;
}

/** An invitation's entry in the audit log: what was done to it, by whom, to which address. */
const auditInvitation = (
  tx: Database,
  moderator: Moderator,
  action: "board_invitation.resend" | "board_invitation.withdraw",
  invitation: BoardInvitation,
) =>
  recordAudit(tx, actorOf(moderator), {
    action,
    subjectType: "board_invitation",
    subjectId: invitation.id,
    detail: { email: invitation.email, role: invitation.role },
  });

/**
 * Sends a pending invitation again (expired or not): a new token (the old link dies), 7 days
 * from now, from the owner who sends it.
 */
export async function resendBoardInvitation(
  tx: Database,
  moderator: Moderator,
  invitationId: number,
  now: Date = new Date(),
): Promise<Change<BoardTeam>> {
  await lockTeam(tx);
  const invitation = await pendingInvitation(tx, invitationId);
  await withinDailyInvitations(tx, now);
  const expiresAt = new Date(now.getTime() + BOARD_INVITATION_DAYS * DAY_MS);
  const { hash, mail } = await invitationMail(tx, moderator, invitation, expiresAt);
  await tx
    .update(boardInvitations)
    .set({ tokenHash: hash, sentAt: now, expiresAt, invitedBy: moderator.userId })
    .where(eq(boardInvitations.id, invitation.id));
  await auditInvitation(tx, moderator, "board_invitation.resend", invitation);
  return { result: await boardTeamOf(tx, moderator, now), mail: [mail] };
}

/** Withdraws a pending invitation: its link no longer works. */
export async function withdrawBoardInvitation(
  tx: Database,
  moderator: Moderator,
  invitationId: number,
  now: Date = new Date(),
): Promise<BoardTeam> {
  await lockTeam(tx);
  const invitation = await pendingInvitation(tx, invitationId);
  await tx
    .update(boardInvitations)
    .set({ withdrawnAt: now })
    .where(eq(boardInvitations.id, invitation.id));
  await auditInvitation(tx, moderator, "board_invitation.withdraw", invitation);
  return boardTeamOf(tx, moderator, now);
}

/** A member of the board's team, locked, with their address and name; 404 for any other id. */
async function teamMember(tx: Database, memberId: number) {
  const [found] = await tx
    .select({ row: boardMembers, email: users.email, name: users.fullName })
    .from(boardMembers)
    .innerJoin(users, eq(users.id, boardMembers.userId))
    .where(eq(boardMembers.id, memberId))
    .for("update", { of: boardMembers });
  if (!found) throw notFound("The board's team has no member with this id");
  return found;
}

/** What a member is told when their place on the team changes (nothing without an address). */
const changeMail = (
  member: { email: string | null; name: string | null },
  change: { change: "role"; role: BoardRole } | { change: "removed" },
): MailMessage[] =>
  member.email
    ? [
        {
          template: "board-change",
          to: member.email,
          props: {
            recipientName: member.name,
            change: change.change,
            role: change.change === "role" ? change.role : null,
          },
        },
      ]
    : [];

/**
 * Refuses to take the last owner away: owners are ADMIN_EMAILS' addresses and the members whose
 * role is owner; one of them always stays (409).
 */
async function anotherOwnerStays(tx: Database, leaving: { role: BoardRole }) {
  if (leaving.role !== "owner" || readServerEnv().ADMIN_EMAILS.length > 0) return;
  const [owners] = await tx
    .select({ n: count() })
    .from(boardMembers)
    .where(eq(boardMembers.role, "owner"));
  if ((owners?.n ?? 0) <= 1) {
    throw conflict("The board's last owner stays: make someone else an owner first");
  }
}

/** Gives a member of the board's team another role, and tells them by mail. */
export async function changeBoardRole(
  tx: Database,
  moderator: Moderator,
  memberId: number,
  role: BoardRole,
  now: Date = new Date(),
): Promise<Change<BoardTeam>> {
  await lockTeam(tx);
  const member = await teamMember(tx, memberId);
  const target = member.row;
  if (target.role === role) return { result: await boardTeamOf(tx, moderator, now), mail: [] };
  await anotherOwnerStays(tx, target);
  await tx.update(boardMembers).set({ role }).where(eq(boardMembers.id, target.id));
  await recordAudit(tx, actorOf(moderator), {
    action: "board_member.role",
    subjectType: "board_member",
    subjectId: target.id,
    detail: { user_id: target.userId, from: target.role, to: role },
  });
  return {
    result: await boardTeamOf(tx, moderator, now),
    mail: changeMail(member, { change: "role", role }),
  };
}

/** Removes a member of the board's team (their next request is refused), and tells them. */
export async function removeBoardMember(
  tx: Database,
  moderator: Moderator,
  memberId: number,
  now: Date = new Date(),
): Promise<Change<BoardTeam>> {
  await lockTeam(tx);
  const member = await teamMember(tx, memberId);
  const target = member.row;
  await anotherOwnerStays(tx, target);
  await tx.delete(boardMembers).where(eq(boardMembers.id, target.id));
  await recordAudit(tx, actorOf(moderator), {
    action: "board_member.remove",
    subjectType: "board_member",
    subjectId: target.id,
    detail: { user_id: target.userId, role: target.role },
  });
  return {
    result: await boardTeamOf(tx, moderator, now),
    mail: changeMail(member, { change: "removed" }),
  };
}

// Invitations, from the invited person's side

/**
 * The invitation a token opens, locked; 404 for a token that opens none, 410 once it was used,
 * withdrawn or expired.
 */
async function openInvitation(tx: Database, token: string, now: Date) {
  const [found] = await tx
    .select({ row: boardInvitations, inviter: memberName })
    .from(boardInvitations)
    .leftJoin(users, eq(users.id, boardInvitations.invitedBy))
    .where(eq(boardInvitations.tokenHash, tokenHash(token)))
    .for("update", { of: boardInvitations });
  if (!found) throw notFound("This invitation link is not valid");
  if (found.row.acceptedAt) throw gone("This invitation was already used");
  if (found.row.withdrawnAt) throw gone("This invitation was withdrawn");
  if (found.row.expiresAt <= now) {
    throw gone("This invitation expired: ask an owner of the board to invite you again");
  }
  return found;
}

const isInvited = (user: User, row: BoardInvitation) =>
  verifiedEmail(user)?.toLowerCase() === row.email;

/** What a token's invitation offers, to the signed-in person who opened its link. */
export async function previewBoardInvitation(
  db: Database,
  user: User,
  token: string,
  now: Date = new Date(),
): Promise<z.infer<typeof boardInvitationPreviewSchema>> {
  const { row, inviter } = await openInvitation(db, token, now);
  const forYou = isInvited(user, row);
  return {
    role: row.role,
    email: forYou ? row.email : maskedAddress(row.email),
    for_you: forYou,
    invited_by: inviter,
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * `user` joins the board's team with the invitation's role: only with the invited address,
 * verified (403 otherwise, and the invitation stays); 409 when on the team already.
 */
export async function acceptBoardInvitation(
  tx: Database,
  user: User,
  token: string,
  now: Date = new Date(),
): Promise<{ role: BoardRole }> {
  await lockTeam(tx);
  const { row } = await openInvitation(tx, token, now);
  if (!isInvited(user, row)) {
    throw forbidden(
      `This invitation was sent to ${maskedAddress(row.email)}: sign in with that account to accept it`,
    );
  }
  if (isNamedOwner(user)) throw conflict("You are an owner of the board already");
  const [member] = await tx
    .insert(boardMembers)
    .values({ userId: user.id, role: row.role, invitedBy: row.invitedBy, addedAt: now })
    .returning()
    .catch((error: unknown) => {
      if (databaseErrorCode(error) === "23505") {
        throw conflict("You are on the board's team already");
      }
      throw error;
    });
  await tx
    .update(boardInvitations)
    .set({ acceptedAt: now, acceptedBy: user.id })
    .where(eq(boardInvitations.id, row.id));
  await recordAudit(tx, teamActor(user), {
    action: "board_member.join",
    subjectType: "board_member",
    subjectId: member!.id,
    detail: { user_id: user.id, role: row.role, invitation_id: row.id },
  });
  return { role: row.role };
}
