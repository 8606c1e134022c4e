import { operations } from "@/lib/api-registry/operations";
import { deleteAccount } from "@/features/account/server/account-api";
import { queueProfileTerms } from "@/features/directory/server/vocabulary";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { getQueue } from "@/lib/server/queue/queue";
import { currentUserJson, updateUser } from "@/lib/server/users/users";

/** The caller's account: read, change (the directory's vocabulary follows), delete. */
export default apiRoute(
  handle(operations.getCurrentUser, async ({ db, user }) => currentUserJson(db, user)),
  handle(operations.updateCurrentUser, async ({ db, user, body }) => {
    const updated = await updateUser(db, user.id, body.user);
    await queueProfileTerms(() => getQueue(), user, updated);
    return currentUserJson(db, updated);
  }),
  handle(operations.deleteCurrentUser, async ({ db, user }) => {
    const deleted = await deleteAccount(db, user);
    await queueProfileTerms(() => getQueue(), user, { ...user, profileVisibility: "hidden" });
    return deleted;
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
