import { parsePreferencesUpdate } from "@/lib/schemas/candidate";
import { callerOf, validBody } from "@/lib/server/candidates/candidate-api";
import { getPreferences, updatePreferences } from "@/lib/server/candidates/preferences-service";
import { apiHandler } from "@/lib/server/http/handler";

export default apiHandler(
  {
    GET: async (req) => {
      const { db, user } = await callerOf(req);
      return { preferences: await getPreferences(db, user.id) };
    },
    PATCH: async (req) => {
      const { db, user } = await callerOf(req);
      const changes = validBody(parsePreferencesUpdate(req.body));
      return { preferences: await updatePreferences(db, user.id, changes) };
    },
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
