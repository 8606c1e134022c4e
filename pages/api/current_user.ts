import { parseCurrentUserUpdate } from "@/lib/schemas/current-user";
import { firebaseAuth } from "@/lib/server/auth/firebase";
import { callerOf, validBody } from "@/lib/server/candidates/candidate-api";
import { apiHandler } from "@/lib/server/http/handler";
import { currentUserJson, deleteUser, updateUser } from "@/lib/server/users/users-service";

export default apiHandler(
  {
    GET: async (req) => {
      const { user } = await callerOf(req);
      return currentUserJson(user);
    },
    PATCH: async (req) => {
      const { db, user } = await callerOf(req);
      const fields = validBody(parseCurrentUserUpdate(req.body));
      return currentUserJson(await updateUser(db, user.id, fields));
    },
    DELETE: async (req) => {
      const { db, user } = await callerOf(req);
      // Firebase first: if it fails, nothing is deleted yet and the request can be tried again.
      await firebaseAuth()
        .deleteUser(user.firebaseUid)
        .catch((error: { code?: string }) => {
          // Already gone from Firebase is the outcome we want.
          if (error.code !== "auth/user-not-found") throw error;
        });
      await deleteUser(db, user);
      return { deleted: true };
    },
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
