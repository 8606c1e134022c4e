import { firebaseAuth } from "../auth/firebase";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { withMail } from "../queue/queue";
import { verifiedEmail } from "../users/moderators";
import { deleteUser, removeAccountFiles } from "../users/users-service";

/*
 * A person's account as a whole (DELETE /api/current_user): the sign-in at Firebase, the rows
 * (users-service.ts), the files, and the confirmation mail, each in its turn. Above users/,
 * auth/ and queue/, which it chains.
 */

/**
 * Deletes `user`'s account: at Firebase first (if that fails, nothing is deleted yet and the
 * request can be tried again), then their rows with the confirmation queued in the same
 * transaction (it goes out only if the account is gone), then their CV files.
 */
export async function deleteAccount(db: Database, user: User): Promise<{ deleted: true }> {
  await firebaseAuth()
    .deleteUser(user.firebaseUid)
    .catch((error: { code?: string }) => {
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
