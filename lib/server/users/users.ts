import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import { trustedAvatarUrl } from "@/lib/users/avatar";
import type { CurrentUser, CurrentUserChanges } from "@/lib/users/schemas";
import { boardRoleOf } from "./moderators";
import { ROLE_AREAS } from "@/lib/auth/board-roles";
import type { Database } from "../db/client";
import { deleteCvFiles, type CvStore } from "../storage/cv-store";
import {
  auditLog,
  candidateCvs,
  companies,
  companyMembers,
  deletedAccounts,
  jobApplications,
  users,
  type User,
} from "../db/schema";
import { unauthenticated } from "../errors";

export type IdentityClaims = {
  uid: string;
  email?: string | null;
  /** Whether the identity provider verified `email`. */
  emailVerified?: boolean;
  name?: string;
  picture?: string;
};

export async function findUser(db: Database, firebaseUid: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.firebaseUid, firebaseUid));
  return user;
}

/** A new user from a token's claims (or the one a concurrent request just created). */
export async function createUser(db: Database, claims: IdentityClaims): Promise<User> {
  await db
    .insert(users)
    .values({
      firebaseUid: claims.uid,
      email: claims.email ?? null,
      emailVerified: claims.emailVerified ?? false,
      fullName: claims.name ?? null,
      avatarUrl: trustedAvatarUrl(claims.picture),
    })
    .onConflictDoNothing({ target: users.firebaseUid });
  return (await findUser(db, claims.uid))!;
}

/** How stale `last_active_at` may grow before a request writes it again: an hour. */
export const ACTIVITY_PRECISION_MS = 60 * 60 * 1000;

/**
 * `user` with the address of their latest token and whether it is verified, written to their
 * row when either changed (a provider may verify an address later, or the person change it),
 * and with when they were last active (the directory's "active within"), written at most once an
 * hour. A request whose row is fresh costs no query; otherwise one conditional UPDATE, which
 * only one of several requests at once performs (the others find the row fresh and keep theirs).
 */
export async function syncIdentity(
  db: Database,
  user: User,
  identity: { email: string | null; emailVerified: boolean },
  now: Date = new Date(),
): Promise<User> {
  const sameIdentity =
    user.email === identity.email && user.emailVerified === identity.emailVerified;
  const staleBefore = new Date(now.getTime() - ACTIVITY_PRECISION_MS);
  const stale = user.lastActiveAt < staleBefore;
  if (sameIdentity && !stale) return user;
  const [updated] = await db
    .update(users)
    .set({
      email: identity.email,
      emailVerified: identity.emailVerified,
      lastActiveAt: sql`case when ${users.lastActiveAt} < ${staleBefore.toISOString()}::timestamptz
        then ${now.toISOString()}::timestamptz else ${users.lastActiveAt} end`,
    })
    .where(
      and(
        eq(users.id, user.id),
        sameIdentity
          ? lt(users.lastActiveAt, staleBefore)
          : sql`(${users.email} is distinct from ${identity.email}
              or ${users.emailVerified} <> ${identity.emailVerified}
              or ${users.lastActiveAt} < ${staleBefore.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  return updated ?? { ...user, ...identity };
}

/**
 * The user behind a verified token, created from the token's claims on first sight. Looked up
 * first: an insert that conflicts would still use up an id on every request.
 */
export async function findOrCreateUser(db: Database, claims: IdentityClaims): Promise<User> {
  return (await findUser(db, claims.uid)) ?? createUser(db, claims);
}

/** Each field the API speaks (snake_case) and the users column that holds it. */
const COLUMN_OF = {
  full_name: "fullName",
  headline: "headline",
  bio: "bio",
  location: "location",
  website_url: "websiteUrl",
  linkedin_url: "linkedinUrl",
  skills: "skills",
  open_to_work: "openToWork",
  profile_visibility: "profileVisibility",
  invitations_open: "invitationsOpen",
  email_news: "emailNews",
} as const satisfies Record<keyof CurrentUserChanges, keyof User>;

export async function updateUser(
  db: Database,
  id: number,
  fields: CurrentUserChanges,
): Promise<User> {
  const changes: Partial<User> = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    const value = fields[field as keyof CurrentUserChanges];
    if (value !== undefined) Object.assign(changes, { [column]: value });
  }
  const [user] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!user) throw unauthenticated("This account was deleted; sign in again to start a new one");
  return user;
}

/** What a deleted account leaves to do once its deletion has committed: its CV files. */
export type DeletedAccount = { cvKeys: string[] };

/**
 * Removes the user and, through foreign keys, everything that is theirs (their CV and their
 * applications among it), and remembers when, so that tokens issued before now cannot create
 * the account again. Answers the keys of the CV files those rows named: files are not rows, and
 * go with removeAccountFiles once this has committed (the caller's transaction may be larger).
 */
export async function deleteUser(
  db: Database,
  user: Pick<User, "id" | "firebaseUid">,
): Promise<DeletedAccount> {
  return db.transaction(async (tx) => {
    // Locked first: a CV upload under way waits, then finds no account and deletes its file
    // (cv-profile.ts), so no file is stored after its keys were read here.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const profile = await tx
      .select({ key: candidateCvs.cvKey })
      .from(candidateCvs)
      .where(eq(candidateCvs.userId, user.id));
    const applied = await tx
      .select({ key: jobApplications.cvKey })
      .from(jobApplications)
      .where(and(eq(jobApplications.userId, user.id), isNotNull(jobApplications.cvKey)));
    // The audit log keeps what they did, but not who they were: their email goes, and the
    // foreign key clears the account id with the delete.
    await tx.update(auditLog).set({ actorEmail: null }).where(eq(auditLog.actorId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    await tx
      .insert(deletedAccounts)
      .values({ firebaseUid: user.firebaseUid, deletedAt: new Date() })
      .onConflictDoUpdate({ target: deletedAccounts.firebaseUid, set: { deletedAt: new Date() } });
    return { cvKeys: [...profile, ...applied].map((row) => row.key!) };
  });
}

/**
 * After an account's deletion committed: the CV files its rows named are deleted from the
 * store. A file already gone is no error, and one that cannot be deleted is logged, never
 * failing the deletion the person asked for (deleteCvFiles).
 */
export async function removeAccountFiles(deleted: DeletedAccount, store?: CvStore) {
  await deleteCvFiles(deleted.cvKeys, store);
}

/** Whether the account behind a token was deleted after the token's sign-in. */
export async function deletedSince(
  db: Database,
  firebaseUid: string,
  signedInAt: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ deletedAt: deletedAccounts.deletedAt })
    .from(deletedAccounts)
    .where(eq(deletedAccounts.firebaseUid, firebaseUid));
  return Boolean(row && row.deletedAt >= signedInAt);
}

/** How a person is named to the others in their company: their name, else their address. */
export const memberName = sql<string | null>`coalesce(${users.fullName}, ${users.email})`;

/** The current user as the API answers it (spec §3: at least avatar_url and full_name). */
export async function currentUserJson(db: Database, user: User): Promise<CurrentUser> {
  const boardRole = await boardRoleOf(db, user);
  const [company] = await db
    .select({ name: companies.name, slug: companies.slug, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, user.id));
  return {
    id: user.id,
    email: user.email,
    avatar_url: trustedAvatarUrl(user.avatarUrl),
    full_name: user.fullName,
    headline: user.headline,
    bio: user.bio,
    location: user.location,
    website_url: user.websiteUrl,
    linkedin_url: user.linkedinUrl,
    skills: user.skills,
    open_to_work: user.openToWork,
    profile_visibility: user.profileVisibility,
    invitations_open: user.invitationsOpen,
    email_news: user.emailNews,
    created_at: user.createdAt.toISOString(),
    is_moderator: boardRole !== null,
    board_role: boardRole,
    board_areas: boardRole === null ? [] : [...ROLE_AREAS[boardRole]],
    company: company ?? null,
  };
}
