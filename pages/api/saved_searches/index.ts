import { operations } from "@/lib/api-registry/operations";
import { apiRoute, createdOrFound, handle } from "@/lib/server/http/api-route";
import { listSavedSearches, saveSearch } from "@/features/saved-searches/server/saved-searches";

export default apiRoute(
  handle(operations.listSavedSearches, async ({ db, user }) => ({
    saved_searches: await listSavedSearches(db, user.id),
  })),
  handle(operations.saveSearch, async ({ db, user, body }) => {
    const { savedSearch, created } = await saveSearch(db, user.id, body);
    return createdOrFound(created, { saved_search: savedSearch });
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
