import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { EmployerRule } from "@/lib/api/operation";
import { roleAtLeast, ROLE_LABELS, type CompanyRole } from "@/lib/auth/company-roles";
import type { Database } from "../db/client";
import {
  atsSources,
  auditLog,
  companies,
  companyInvitations,
  companyMembers,
  companySubscriptions,
  invoices,
  jobApplications,
  jobs,
  type User,
} from "../db/schema";
import { forbidden, notFound, removedFromTeam } from "../errors";
import { boardRoleOf } from "../users/moderators";
import { mayReach } from "@/lib/auth/board-roles";

/*
 * The employer guard (issue 44): the one place that decides whether a signed-in person may run
 * an employer operation. The request pipeline (http/api-route.ts) asks it for every operation
 * with access "employer", before the handler runs:
 *
 * 1. the caller's membership is read from the database on every request (nothing about it is
 *    kept in the token or the page), so a removed member's very next request is refused;
 * 2. no company: 404, unless the operation takes callers without one (`withoutCompany`);
 * 3. what the path names (a listing, its applicant, a member, an invitation, an invoice) must be their
 *    company's: 404 otherwise, as if it did not exist;
 * 4. a role below the operation's: 403.
 *
 * Moderators read any listing's applicants and statistics as a viewer of its company would.
 */

/** The caller's place in their company, as the guard found it for this request. */
export type Member = {
  /** The membership's id; 0 for a moderator reading a listing of a company they are not in. */
  id: number;
  companyId: number;
  role: CompanyRole;
  userId: number;
};

export const NO_COMPANY =
  "You are not in a company on the board: your first listing makes one, or an invitation adds you to one";
export const NO_LISTING = "Your company has no listing with this id";

/** The company `userId` is in, with their role; undefined when none. */
export async function membershipOf(db: Database, userId: number): Promise<Member | undefined> {
  const [row] = await db
    .select({
      id: companyMembers.id,
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      userId: companyMembers.userId,
    })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return row;
}

/**
 * Someone in no company who was removed from one's team (issue 61), the last thing that happened
 * to their membership: they are told so, naming it, rather than that something does not exist.
 * Only the company `companyId` counts, when the request names one.
 */
async function refuseOutsider(db: Database, userId: number, companyId?: number) {
  const [last] = await db
    .select({ action: auditLog.action, companyId: auditLog.companyId, name: companies.name })
    .from(auditLog)
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .where(
      and(
        eq(auditLog.subjectType, "member"),
        inArray(auditLog.action, ["member.remove", "member.leave", "member.join"]),
        sql`${auditLog.detail}->>'user_id' = ${String(userId)}`,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  if (
    last?.action === "member.remove" &&
    last.name &&
    (companyId === undefined || last.companyId === companyId)
  ) {
    return removedFromTeam(
      `You were removed from ${last.name}'s team, so its listings, applicants and team are no longer open to you`,
    );
  }
  return notFound(NO_COMPANY);
}

const tooLow = (role: CompanyRole, least: CompanyRole) =>
  forbidden(
    `Your role in the company (${ROLE_LABELS[role]}) cannot do this: it needs ${ROLE_LABELS[least]} or above`,
  );

/** The company each id a path may name belongs to, and what its 404 says. */
const SCOPED = {
  listingId: {
    message: NO_LISTING,
    companyOf: (db: Database, id: number) =>
      db.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, id)),
  },
  memberId: {
    message: "Your company has no member with this id",
    companyOf: (db: Database, id: number) =>
      db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.id, id)),
  },
  invitationId: {
    message: "Your company has no invitation with this id",
    companyOf: (db: Database, id: number) =>
      db
        .select({ companyId: companyInvitations.companyId })
        .from(companyInvitations)
        .where(eq(companyInvitations.id, id)),
  },
  sourceId: {
    message: "Your company has no import with this id",
    companyOf: (db: Database, id: number) =>
      db.select({ companyId: atsSources.companyId }).from(atsSources).where(eq(atsSources.id, id)),
  },
  invoiceId: {
    message: "Your company has no invoice with this id",
    companyOf: (db: Database, id: number) =>
      db.select({ companyId: invoices.companyId }).from(invoices).where(eq(invoices.id, id)),
  },
  subscriptionId: {
    message: "Your company has no subscription with this id",
    companyOf: (db: Database, id: number) =>
      db
        .select({ companyId: companySubscriptions.companyId })
        .from(companySubscriptions)
        .where(eq(companySubscriptions.id, id)),
  },
} as const;

/** The company the path's ids belong to (all of them, or 404), or undefined when it names none. */
async function pathCompany(db: Database, params: Record<string, unknown>) {
  let company: number | undefined;
  for (const [name, scope] of Object.entries(SCOPED)) {
    const id = params[name];
    if (typeof id !== "number") continue;
    const [row] = await scope.companyOf(db, id);
    if (!row || (company !== undefined && row.companyId !== company)) {
      throw notFound(scope.message);
    }
    company = row.companyId;
  }
  // An applicant is named within its listing.
  if (typeof params.applicationId === "number" && typeof params.listingId === "number") {
    const [row] = await db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(
        and(
          eq(jobApplications.id, params.applicationId),
          eq(jobApplications.jobId, params.listingId),
        ),
      );
    if (!row) throw notFound("This listing has no applicant with this id");
  }
  return company;
}

/**
 * The caller's membership for an operation with `rule`, the path's parameters read: null for
 * someone in no company where the rule allows it. Throws 404 or 403 as above.
 */
export async function guardEmployer(
  db: Database,
  user: User,
  rule: EmployerRule,
  params: Record<string, unknown>,
): Promise<Member | null> {
  const member = await membershipOf(db, user.id);
  const companyId = await pathCompany(db, params);
  if (companyId !== undefined && member?.companyId !== companyId) {
    // A moderator (a role of the board's team that reaches listings) reads, never changes, any
    // company's listing: an editor or finance member reads no applicant (issue 64).
    if (
      typeof params.listingId === "number" &&
      rule.role === "viewer" &&
      mayReach(await boardRoleOf(db, user), "listings")
    ) {
      return { id: 0, companyId, role: "viewer", userId: user.id };
    }
    // Someone in no company (removed a moment ago, say) is told so; a member of another, that
    // theirs has no such thing.
    if (!member) throw await refuseOutsider(db, user.id, companyId);
    const [name] = Object.keys(SCOPED).filter((key) => typeof params[key] === "number");
    throw notFound(SCOPED[name as keyof typeof SCOPED].message);
  }
  if (!member) {
    if (rule.withoutCompany) return null;
    throw await refuseOutsider(db, user.id);
  }
  if (!roleAtLeast(member.role, rule.role)) throw tooLow(member.role, rule.role);
  return member;
}

/**
 * Reads the caller's membership again in `tx`, its row locked until `tx` ends, and refuses as
 * the guard does if it is gone or now below `rule`'s role; the role it found is the member's
 * from now on. A demotion, a removal or a handover of the same member waits for `tx`, or `tx`
 * waits for it and sees what it did.
 */
async function confirmMembership(tx: Database, member: Member, rule: EmployerRule) {
  const [row] = await tx
    .select({ role: companyMembers.role, companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.id, member.id))
    .for("no key update");
  if (!row || row.companyId !== member.companyId) throw notFound(NO_COMPANY);
  if (!roleAtLeast(row.role, rule.role)) throw tooLow(row.role, rule.role);
  member.role = row.role;
}

/** What writes rows, on a Drizzle database: what a guarded handler must do in a transaction. */
const WRITES = new Set<PropertyKey>(["insert", "update", "delete"]);

/**
 * The database an employer operation's handler is given (issue 60): every transaction it opens
 * first confirms the caller's membership with its row locked (confirmMembership), so the role
 * check and the action it guards see the same membership, one transaction. A write outside a
 * transaction would act on the guard's earlier reading: outside production it throws, so that
 * tests find the handler that does it.
 */
export function guardedDatabase(db: Database, member: Member, rule: EmployerRule): Database {
  // A moderator reading another company's listing has no membership to confirm.
  if (member.id === 0) return db;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "transaction") {
        return <T>(
          change: (tx: Database) => Promise<T>,
          config?: Parameters<Database["transaction"]>[1],
        ) =>
          target.transaction(async (tx) => {
            await confirmMembership(tx, member, rule);
            return change(tx);
          }, config);
      }
      if (WRITES.has(property) && process.env.NODE_ENV !== "production") {
        throw new Error(
          `An employer operation wrote with db.${String(property)} outside a transaction: the membership it acts for is not confirmed`,
        );
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** An employer operation's caller: who they are, and their place in the company. */
export type Employer = { user: User; member: Member };

/**
 * The account that answers for a listing (its mail about the listing, a candidate's message):
 * its author while they are in the listing's company, else the company's owner; null when
 * neither (the sample board's listings, a company nobody is in).
 */
export const listingContactId = sql<number | null>`coalesce(
  (select m.user_id from ${companyMembers} m
    where m.company_id = ${jobs.companyId} and m.user_id = ${jobs.submittedBy}),
  (select m.user_id from ${companyMembers} m
    where m.company_id = ${jobs.companyId} and m.role = 'owner'))`;
