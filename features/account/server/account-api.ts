import { and, count, eq, ne } from "drizzle-orm";
import { firebaseAuth } from "@/lib/server/auth/firebase";
import { membershipOf } from "@/lib/server/auth/employer";
import { companies, companyMembers } from "@/lib/server/db/schema";
import { conflict } from "@/lib/server/errors";
import type { Database } from "@/lib/server/db/client";
import type { User } from "@/lib/server/db/schema";
import { withMail } from "@/lib/server/queue/queue";
import { verifiedEmail } from "@/lib/server/users/moderators";
import { deleteUser, removeAccountFiles } from "@/lib/server/users/users";

/*
 * A person's account as a whole (DELETE /api/current_user): the sign-in at Firebase, the rows
 * (users.ts), the files, and the confirmation mail, each in its turn. Above users/,
 * auth/ and queue/, which it chains.
 */

/**
 * Deletes `user`'s account: at Firebase first (if that fails, nothing is deleted yet and the
 * request can be tried again), then their rows with the confirmation queued in the same
 * transaction (it goes out only if the account is gone), then their CV files.
 */
export async function deleteAccount(db: Database, user: User): Promise<{ deleted: true }> {
  await ownerHandsOverFirst(db, user);
  await (await firebaseAuth()).deleteUser(user.firebaseUid).catch((error: { code?: string }) => {
    // Already gone from Firebase is the outcome we want.
    if (error.code !== "auth/user-not-found") throw error;
  });
  const to = verifiedEmail(user);
  const deleted = await withMail(db, async (tx) => ({
    result: await deleteUser(tx, user),
    mail: to
      ? [{ template: "account-deleted" as const, to, props: { recipientName: user.fullName } }]
      : [],
  }));
  // The CV files go once the rows that named them are gone for good.
  await removeAccountFiles(deleted);
  return { deleted: true };
}

/**
 * An owner whose company has other members hands it over before their account goes (issue 44):
 * otherwise nobody could run its billing and team. A sole member's company keeps its listings,
 * with nobody in it, as before teams.
 */
async function ownerHandsOverFirst(db: Database, user: User) {
  const member = await membershipOf(db, user.id);
  if (member?.role !== "owner") return;
  const [others] = await db
    .select({ n: count(), company: companies.name })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.companyId, member.companyId), ne(companyMembers.id, member.id)))
    .groupBy(companies.name);
  if (others && others.n > 0) {
    throw conflict(
      `You own ${others.company}, which has ${others.n} other member${others.n === 1 ? "" : "s"}: hand it over to an admin on the Team page first, then delete your account`,
    );
  }
}
