import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import {
  INVITATION_DAYS,
  INVITATIONS_PER_DAY,
  MEMBERS_MAX,
  type ApplicantMailChoice,
} from "@/features/companies/team";
import {
  COMPANY_ROLES,
  ROLE_LABELS,
  roleAtLeast,
  TEAM_MANAGER,
  type AssignableRole,
  type CompanyRole,
} from "@/lib/auth/company-roles";
import type { z } from "zod";
import type { invitationPreviewSchema, teamSchema } from "@/features/companies/team-schemas";
import { trustedAvatarUrl } from "@/lib/users/avatar";
import { employerActor, recordAudit } from "@/lib/server/audit/audit";
import { maskedAddress, newInvitationToken, tokenHash } from "@/lib/server/auth/invitation-links";
import { NO_COMPANY, type Employer, type Member } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { databaseErrorCode } from "@/lib/server/db/errors";
import {
  auditLog,
  companies,
  companyInvitations,
  companyMembers,
  users,
  type CompanyInvitation,
  type User,
} from "@/lib/server/db/schema";
import { conflict, forbidden, gone, notFound } from "@/lib/server/errors";
import type { MailMessage } from "@/lib/server/mail/messages";
import { verifiedEmail } from "@/lib/server/users/moderators";
import { memberName } from "@/lib/server/users/users";

/*
 * A company's team (issue 44): its members and their roles, invitations by mail, role changes,
 * removals, leaving and the handover. The employer guard (auth/employer.ts) has checked the
 * caller's membership and least role before any of these runs; what is checked here is what
 * depends on whom the change is about (the owner cannot be removed, nobody gives a role above
 * their own). Each change is recorded in the audit log under the company, in the change's own
 * transaction, and answers the mail that tells the person concerned, for the caller to queue in
 * that transaction (team-api.ts).
 */

type Team = z.infer<typeof teamSchema>;
type Change<T> = { result: T; mail: MailMessage[] };

const DAY_MS = 24 * 60 * 60 * 1000;

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The company's row, locked: changes to one team are made one at a time. */
async function lockCompany(tx: Database, companyId: number) {
  const [company] = await tx
    .select({ id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  if (!company) throw notFound(NO_COMPANY);
  return company;
}

/** Invitations sent (or sent again) by the company in the last 24 hours, as the log has them. */
async function sentToday(db: Database, companyId: number, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.companyId, companyId),
        inArray(auditLog.action, ["invitation.send", "invitation.resend"]),
        gt(auditLog.at, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row?.n ?? 0;
}

const isPending = and(
  isNull(companyInvitations.acceptedAt),
  isNull(companyInvitations.withdrawnAt),
);

/** The team as `member` sees it: pending invitations only for owner and admins. */
export async function teamOf(db: Database, member: Member, now: Date = new Date()): Promise<Team> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, member.companyId));
  if (!company) throw notFound(NO_COMPANY);
  const manages = roleAtLeast(member.role, TEAM_MANAGER);
  const [rows, invitations, sent] = await Promise.all([
    db
      .select({
        id: companyMembers.id,
        userId: companyMembers.userId,
        role: companyMembers.role,
        applicantMail: companyMembers.applicantMail,
        joinedAt: companyMembers.joinedAt,
        name: users.fullName,
        email: users.email,
        avatarUrl: users.avatarUrl,
      })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, company.id))
      .orderBy(companyMembers.joinedAt, companyMembers.id),
    manages
      ? db
          .select({ row: companyInvitations, inviter: memberName })
          .from(companyInvitations)
          .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
          .where(and(eq(companyInvitations.companyId, company.id), isPending))
          .orderBy(companyInvitations.sentAt, companyInvitations.id)
      : [],
    sentToday(db, company.id, now),
  ]);
  const me = rows.find((row) => row.id === member.id);
  const rank = (role: CompanyRole) => COMPANY_ROLES.indexOf(role);
  return {
    company,
    you: { member_id: member.id, role: member.role, applicant_mail: me?.applicantMail ?? "own" },
    members: rows
      .sort((a, b) => rank(a.role) - rank(b.role))
      .map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        avatar_url: trustedAvatarUrl(row.avatarUrl),
        role: row.role,
        joined_at: row.joinedAt.toISOString(),
        is_you: row.userId === member.userId,
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
    limits: {
      members_max: MEMBERS_MAX,
      invitations_left_today: Math.max(0, INVITATIONS_PER_DAY - sent),
    },
  };
}

/** Refuses a role above the caller's own (Lever and Workable: invite only up to your role). */
function withinOwnRole(caller: Member, role: AssignableRole) {
  if (!roleAtLeast(caller.role, role)) {
    throw forbidden(
      `You can give a role up to your own (${ROLE_LABELS[caller.role]}), not ${ROLE_LABELS[role]}`,
    );
  }
}

/** The invitation's mail, with a new token; answers the token's hash to store. */
function invitationMail(
  invitation: { email: string; role: AssignableRole; expiresAt: Date },
  companyName: string,
  inviter: User,
): { hash: string; mail: MailMessage } {
  const token = newInvitationToken();
  return {
    hash: tokenHash(token),
    mail: {
      template: "team-invitation",
      to: invitation.email,
      props: {
        companyName,
        role: invitation.role,
        inviterName: inviter.fullName ?? inviter.email,
        token,
        expiresAt: invitation.expiresAt.toISOString(),
      },
    },
  };
}

/** Refuses another invitation once the company sent its day's allowance. */
async function withinDailyInvitations(tx: Database, companyId: number, now: Date) {
  if ((await sentToday(tx, companyId, now)) >= INVITATIONS_PER_DAY) {
    throw conflict(
      `Your company sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours: send more tomorrow`,
    );
  }
}

/** Invites `email` to the caller's company with `role`. */
export async function inviteMember(
  tx: Database,
  { user, member }: Employer,
  invitation: { email: string; role: AssignableRole },
  now: Date = new Date(),
): Promise<Change<Team>> {
  withinOwnRole(member, invitation.role);
  const email = normalEmail(invitation.email);
  const company = await lockCompany(tx, member.companyId);
  const [already] = await tx
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, company.id), sql`lower(${users.email}) = ${email}`));
  if (already) throw conflict(`${email} is already a member of ${company.name}`);
  const [pending] = await tx
    .select({ id: companyInvitations.id })
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, company.id),
        eq(companyInvitations.email, email),
        isPending,
      ),
    );
  if (pending) {
    throw conflict(`${email} is already invited: send that invitation again, or withdraw it`);
  }
  // One after the other: a transaction is one connection, which runs one query at a time (pg
  // deprecates sending the next before the last has answered).
  const [members] = await tx
    .select({ n: count() })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, company.id));
  const [invited] = await tx
    .select({ n: count() })
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, company.id), isPending));
  if ((members?.n ?? 0) + (invited?.n ?? 0) >= MEMBERS_MAX) {
    throw conflict(
      `A team has at most ${MEMBERS_MAX} members, pending invitations counted: withdraw one or remove a member first`,
    );
  }
  await withinDailyInvitations(tx, company.id, now);
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const { hash, mail } = invitationMail(
    { email, role: invitation.role, expiresAt },
    company.name,
    user,
  );
  const [row] = await tx
    .insert(companyInvitations)
    .values({
      companyId: company.id,
      email,
      role: invitation.role,
      tokenHash: hash,
      invitedBy: user.id,
      createdAt: now,
      sentAt: now,
      expiresAt,
    })
    .returning({ id: companyInvitations.id });
  await recordAudit(tx, employerActor(user), {
    action: "invitation.send",
    subjectType: "invitation",
    subjectId: row!.id,
    companyId: company.id,
    detail: { email, role: invitation.role },
  });
  return { result: await teamOf(tx, member, now), mail: [mail] };
}

/** A pending invitation of the caller's company, locked; 404 for any other. */
async function pendingInvitation(tx: Database, companyId: number, invitationId: number) {
  const [row] = await tx
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.id, invitationId),
        eq(companyInvitations.companyId, companyId),
        isPending,
      ),
    )
    .for("update");
  if (!row) throw notFound("Your company has no pending invitation with this id");
  return row;
}

/** Sends a pending invitation again: a new token (the old link dies), 7 days from now. */
export async function resendInvitation(
  tx: Database,
  { user, member }: Employer,
  invitationId: number,
  now: Date = new Date(),
): Promise<Change<Team>> {
  const company = await lockCompany(tx, member.companyId);
  const invitation = await pendingInvitation(tx, company.id, invitationId);
  withinOwnRole(member, invitation.role);
  await withinDailyInvitations(tx, company.id, now);
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const { hash, mail } = invitationMail({ ...invitation, expiresAt }, company.name, user);
  await tx
    .update(companyInvitations)
    .set({ tokenHash: hash, sentAt: now, expiresAt, invitedBy: user.id })
    .where(eq(companyInvitations.id, invitation.id));
  await recordAudit(tx, employerActor(user), {
    action: "invitation.resend",
    subjectType: "invitation",
    subjectId: invitation.id,
    companyId: company.id,
    detail: { email: invitation.email, role: invitation.role },
  });
  return { result: await teamOf(tx, member, now), mail: [mail] };
}

/** Withdraws a pending invitation: its link no longer works. */
export async function withdrawInvitation(
  tx: Database,
  { user, member }: Employer,
  invitationId: number,
  now: Date = new Date(),
): Promise<Team> {
  const company = await lockCompany(tx, member.companyId);
  const invitation = await pendingInvitation(tx, company.id, invitationId);
  await tx
    .update(companyInvitations)
    .set({ withdrawnAt: now })
    .where(eq(companyInvitations.id, invitation.id));
  await recordAudit(tx, employerActor(user), {
    action: "invitation.withdraw",
    subjectType: "invitation",
    subjectId: invitation.id,
    companyId: company.id,
    detail: { email: invitation.email, role: invitation.role },
  });
  return teamOf(tx, member, now);
}

/** Another member of the caller's company, locked, with what mail to them needs; 404 otherwise. */
async function fellowMember(tx: Database, companyId: number, memberId: number) {
  const [row] = await tx
    .select({
      id: companyMembers.id,
      userId: companyMembers.userId,
      role: companyMembers.role,
      name: users.fullName,
      email: users.email,
      emailVerified: users.emailVerified,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.id, memberId), eq(companyMembers.companyId, companyId)))
    .for("update", { of: companyMembers });
  if (!row) throw notFound("Your company has no member with this id");
  return row;
}

type Fellow = Awaited<ReturnType<typeof fellowMember>>;

/** The mail telling `to` their place in the company changed; none without a verified address. */
function changeMail(
  to: Fellow,
  companyName: string,
  change: "role" | "removed" | "owner",
  role: CompanyRole | null = null,
): MailMessage[] {
  const address = verifiedEmail(to);
  if (!address) return [];
  return [
    {
      template: "team-change",
      to: address,
      props: { recipientName: to.name, companyName, change, role },
    },
  ];
}

const OWNER_STAYS = "The owner's role changes only when they hand the company over to an admin";

/** Gives a member another role, no higher than the caller's; never the owner's. */
export async function changeMemberRole(
  tx: Database,
  { user, member }: Employer,
  memberId: number,
  role: AssignableRole,
  now: Date = new Date(),
): Promise<Change<Team>> {
  withinOwnRole(member, role);
  const company = await lockCompany(tx, member.companyId);
  const target = await fellowMember(tx, company.id, memberId);
  if (target.role === "owner") throw conflict(OWNER_STAYS);
  if (target.role === role) return { result: await teamOf(tx, member, now), mail: [] };
  await tx.update(companyMembers).set({ role }).where(eq(companyMembers.id, target.id));
  await recordAudit(tx, employerActor(user), {
    action: "member.role",
    subjectType: "member",
    subjectId: target.id,
    companyId: company.id,
    detail: { user_id: target.userId, from: target.role, to: role },
  });
  // Their own role changed: the answer is the team as they now see it.
  const self = target.userId === member.userId ? { ...member, role } : member;
  return {
    result: await teamOf(tx, self, now),
    mail: target.userId === user.id ? [] : changeMail(target, company.name, "role", role),
  };
}

/** Removes a member: their next request is refused; what they did stays with the company. */
export async function removeMember(
  tx: Database,
  { user, member }: Employer,
  memberId: number,
  now: Date = new Date(),
): Promise<Change<Team>> {
  const company = await lockCompany(tx, member.companyId);
  const target = await fellowMember(tx, company.id, memberId);
  if (target.role === "owner") {
    throw forbidden("The owner cannot be removed: they can hand the company over, then leave");
  }
  if (target.userId === member.userId) {
    throw conflict("To take yourself out of the company, leave it");
  }
  await tx.delete(companyMembers).where(eq(companyMembers.id, target.id));
  await recordAudit(tx, employerActor(user), {
    action: "member.remove",
    subjectType: "member",
    subjectId: target.id,
    companyId: company.id,
    detail: { user_id: target.userId, role: target.role },
  });
  return {
    result: await teamOf(tx, member, now),
    mail: changeMail(target, company.name, "removed"),
  };
}

/** The caller leaves their company; its owner hands it over first. */
export async function leaveCompany(tx: Database, { user, member }: Employer) {
  const company = await lockCompany(tx, member.companyId);
  if (member.role === "owner") {
    throw conflict(
      "You own this company: hand it over to an admin before you leave (make someone an admin first)",
    );
  }
  await tx.delete(companyMembers).where(eq(companyMembers.id, member.id));
  await recordAudit(tx, employerActor(user), {
    action: "member.leave",
    subjectType: "member",
    subjectId: member.id,
    companyId: company.id,
    detail: { user_id: user.id, role: member.role },
  });
  return { left: true as const };
}

/** The owner hands the company to an admin, who becomes its owner; the old owner, an admin. */
export async function handOverCompany(
  tx: Database,
  { user, member }: Employer,
  memberId: number,
  now: Date = new Date(),
): Promise<Change<Team>> {
  const company = await lockCompany(tx, member.companyId);
  const target = await fellowMember(tx, company.id, memberId);
  if (target.userId === member.userId) throw conflict("You own the company already");
  if (target.role !== "admin") {
    throw conflict("The company is handed over to an admin: make them an admin first");
  }
  // One owner at a time (the partial unique index): the old one steps down first.
  await tx.update(companyMembers).set({ role: "admin" }).where(eq(companyMembers.id, member.id));
  await tx.update(companyMembers).set({ role: "owner" }).where(eq(companyMembers.id, target.id));
  await recordAudit(tx, employerActor(user), {
    action: "company.handover",
    subjectType: "member",
    subjectId: target.id,
    companyId: company.id,
    detail: { user_id: target.userId, from_user_id: user.id },
  });
  return {
    result: await teamOf(tx, { ...member, role: "admin" }, now),
    mail: changeMail(target, company.name, "owner", "owner"),
  };
}

/** The caller's own choice of new-applicant mail. */
export async function updateMembership(
  db: Database,
  member: Member,
  applicantMail: ApplicantMailChoice,
): Promise<Team> {
  await db.transaction((tx) =>
    tx.update(companyMembers).set({ applicantMail }).where(eq(companyMembers.id, member.id)),
  );
  return teamOf(db, member);
}

// Invitations, from the invited person's side

type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * The invitation a token opens, locked; 404 for a token that opens none (mistyped, or replaced by
 * a resend), 410 once it was used, withdrawn or expired.
 */
async function openInvitation(tx: Database, token: string, now: Date) {
  const [found] = await tx
    .select({ row: companyInvitations, companyName: companies.name, inviter: memberName })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(eq(companyInvitations.tokenHash, tokenHash(token)))
    .for("update", { of: companyInvitations });
  if (!found) {
    throw notFound(
      "This invitation link is not valid: if it was sent again, use the link in the newest mail",
    );
  }
  const { row } = found;
  if (row.acceptedAt) throw gone("This invitation was already used");
  if (row.withdrawnAt) throw gone(`${found.companyName} withdrew this invitation`);
  if (row.expiresAt <= now) {
    throw gone(`This invitation expired: ask ${found.companyName} to send it again`);
  }
  return found;
}

/** Whether `user` signs in with the address the invitation was sent to, verified. */
const isInvited = (user: User, row: CompanyInvitation) =>
  verifiedEmail(user)?.toLowerCase() === row.email;

const preview = (
  user: User,
  found: { row: CompanyInvitation; companyName: string; inviter: string | null },
): InvitationPreview => {
  const forYou = isInvited(user, found.row);
  return {
    company_name: found.companyName,
    role: found.row.role,
    email: forYou ? found.row.email : maskedAddress(found.row.email),
    for_you: forYou,
    invited_by: found.inviter,
    expires_at: found.row.expiresAt.toISOString(),
  };
};

/**
 * What a token's invitation offers, to the signed-in person who opened its link: the address
 * it was sent to in full only to its owner, masked to anyone else who holds the link (issue 60).
 */
export async function previewInvitation(
  db: Database,
  user: User,
  token: string,
  now: Date = new Date(),
) {
  return preview(user, await openInvitation(db, token, now));
}

/**
 * `user` accepts the invitation `token` opens: only with the invited address, verified (403
 * otherwise, and the invitation stays); not while in a company (409, naming it).
 */
export async function acceptTeamInvitation(
  tx: Database,
  user: User,
  token: string,
  now: Date = new Date(),
): Promise<Team> {
  const found = await openInvitation(tx, token, now);
  const { row } = found;
  if (!isInvited(user, row)) {
    throw forbidden(
      `This invitation was sent to ${maskedAddress(row.email)}: sign in with that Google account to accept it`,
    );
  }
  const [current] = await tx
    .select({ companyId: companyMembers.companyId, name: companies.name })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, user.id));
  if (current) {
    throw conflict(
      current.companyId === row.companyId
        ? `You are already a member of ${current.name}`
        : `You are a member of ${current.name}: leave it before you join ${found.companyName}`,
    );
  }
  await lockCompany(tx, row.companyId);
  const [members] = await tx
    .select({ n: count() })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, row.companyId));
  if ((members?.n ?? 0) >= MEMBERS_MAX) {
    throw conflict(`${found.companyName} has ${MEMBERS_MAX} members, as many as a team may`);
  }
  const joined = await tx
    .insert(companyMembers)
    .values({ companyId: row.companyId, userId: user.id, role: row.role, joinedAt: now })
    .returning()
    .catch((error: unknown) => {
      // The same person accepting another invitation at the same moment.
      if (databaseErrorCode(error) === "23505") throw conflict("You joined a company a moment ago");
      throw error;
    });
  const member = joined[0]!;
  await tx
    .update(companyInvitations)
    .set({ acceptedAt: now, acceptedBy: user.id })
    .where(eq(companyInvitations.id, row.id));
  await recordAudit(tx, employerActor(user), {
    action: "member.join",
    subjectType: "member",
    subjectId: member.id,
    companyId: row.companyId,
    detail: { user_id: user.id, role: row.role, invitation_id: row.id },
  });
  return teamOf(
    tx,
    { id: member.id, companyId: row.companyId, role: member.role, userId: user.id },
    now,
  );
}
