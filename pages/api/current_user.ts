import { parseCurrentUserUpdate } from "@/lib/schemas/current-user";
import { firebaseAuth } from "@/lib/server/auth/firebase";
import { requireUser } from "@/lib/server/auth/require-user";
import { getDatabase } from "@/lib/server/db";
import { ValidationError } from "@/lib/server/http/errors";
import { apiHandler } from "@/lib/server/http/handler";
import { currentUserJson, deleteUser, updateUser } from "@/lib/server/users/users-service";

export default apiHandler({
  GET: async (req, res) => {
    const user = await requireUser(req, await getDatabase());
    res.setHeader("Cache-Control", "private, no-store");
    return currentUserJson(user);
  },
  PATCH: async (req, res) => {
    const db = await getDatabase();
    const user = await requireUser(req, db);
    const parsed = parseCurrentUserUpdate(req.body);
    if (!parsed.ok) throw new ValidationError(parsed.errors);
    res.setHeader("Cache-Control", "private, no-store");
    return currentUserJson(await updateUser(db, user.id, parsed.fields));
  },
  DELETE: async (req) => {
    const db = await getDatabase();
    const user = await requireUser(req, db);
    await deleteUser(db, user.id);
    await firebaseAuth()
      .deleteUser(user.firebaseUid)
      .catch((error: { code?: string }) => {
        // Already gone from Firebase is the outcome we want.
        if (error.code !== "auth/user-not-found") throw error;
      });
    return { deleted: true };
  },
});
