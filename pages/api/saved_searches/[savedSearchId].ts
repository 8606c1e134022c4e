import { operations } from "@/lib/api-registry/operations";
import { notFound } from "@/lib/server/errors";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import {
  deleteSavedSearch,
  updateSavedSearch,
} from "@/features/saved-searches/server/saved-searches";

export default apiRoute(
  handle(operations.updateSavedSearch, async ({ db, user, params, body }) => {
    const savedSearch = await updateSavedSearch(
      db,
      user.id,
      params.savedSearchId,
      body.alert_frequency,
    );
    if (!savedSearch) throw notFound("Saved search not found");
    return { saved_search: savedSearch };
  }),
  handle(operations.deleteSavedSearch, async ({ db, user, params: { savedSearchId } }) => {
    if (!(await deleteSavedSearch(db, user.id, savedSearchId))) {
      throw notFound("Saved search not found");
    }
    return { id: savedSearchId, deleted: true as const };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
