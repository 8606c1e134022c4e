import { operations } from "@/lib/api/operations";
import { firebaseAuth } from "@/lib/server/auth/firebase";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { currentUserJson, deleteUser, updateUser } from "@/lib/server/users/users-service";

export default apiRoute(
  handle(operations.getCurrentUser, async ({ user }) => currentUserJson(user)),
  handle(operations.updateCurrentUser, async ({ db, user, body }) =>
    currentUserJson(await updateUser(db, user.id, body.user)),
  ),
  handle(operations.deleteCurrentUser, async ({ db, user }) => {
    // Firebase first: if it fails, nothing is deleted yet and the request can be tried again.
    await firebaseAuth()
      .deleteUser(user.firebaseUid)
      .catch((error: { code?: string }) => {
        // Already gone from Firebase is the outcome we want.
        if (error.code !== "auth/user-not-found") throw error;
      });
    await deleteUser(db, user);
    return { deleted: true as const };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
