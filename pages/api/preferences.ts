import { operations } from "@/lib/api-registry/operations";
import { getPreferences, updatePreferences } from "@/features/account/server/preferences";
import { apiRoute, handle } from "@/lib/server/http/api-route";

export default apiRoute(
  handle(operations.getPreferences, async ({ db, user }) => ({
    preferences: await getPreferences(db, user.id),
  })),
  handle(operations.updatePreferences, async ({ db, user, body }) => ({
    preferences: await updatePreferences(db, user.id, body.preferences),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
