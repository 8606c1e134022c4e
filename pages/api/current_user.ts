import { operations } from "@/lib/api/operations";
import { firebaseAuth } from "@/lib/server/auth/firebase";
import { verifiedEmail } from "@/lib/server/users/moderators";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { withMail } from "@/lib/server/queue/queue";
import {
  currentUserJson,
  deleteUser,
  removeAccountFiles,
  updateUser,
} from "@/lib/server/users/users-service";

export default apiRoute(
  handle(operations.getCurrentUser, async ({ db, user }) => currentUserJson(db, user)),
  handle(operations.updateCurrentUser, async ({ db, user, body }) =>
    currentUserJson(db, await updateUser(db, user.id, body.user)),
  ),
  handle(operations.deleteCurrentUser, async ({ db, user }) => {
    // Firebase first: if it fails, nothing is deleted yet and the request can be tried again.
    await firebaseAuth()
      .deleteUser(user.firebaseUid)
      .catch((error: { code?: string }) => {
        // Already gone from Firebase is the outcome we want.
        if (error.code !== "auth/user-not-found") throw error;
      });
    // The confirmation is queued with the deletion: it goes out only if the account is gone.
    const to = verifiedEmail(user);
    const deleted = await withMail(db, async (tx) => ({
      result: await deleteUser(tx, user),
      mail: to
        ? [{ template: "account-deleted" as const, to, props: { recipientName: user.fullName } }]
        : [],
    }));
    // The CV files go once the rows that named them are gone for good.
    await removeAccountFiles(deleted);
    return { deleted: true as const };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
