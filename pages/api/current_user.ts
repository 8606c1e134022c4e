import { operations } from "@/lib/api/operations";
import { deleteAccount } from "@/lib/server/account/account-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { currentUserJson, updateUser } from "@/lib/server/users/users-service";

export default apiRoute(
  handle(operations.getCurrentUser, async ({ db, user }) => currentUserJson(db, user)),
  handle(operations.updateCurrentUser, async ({ db, user, body }) =>
    currentUserJson(db, await updateUser(db, user.id, body.user)),
  ),
  handle(operations.deleteCurrentUser, async ({ db, user }) => deleteAccount(db, user)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
