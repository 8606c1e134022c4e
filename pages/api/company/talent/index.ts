import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { DIRECTORY_SEARCH_LIMIT, searchDirectory } from "@/features/directory/server/search";

/** GET: the employers' candidate search (any member of a company that has hired on the board). */
export default apiRoute(
  handle(
    operations.searchDirectory,
    ({ db, member, query }) => searchDirectory(db, member.companyId, query),
    { limit: DIRECTORY_SEARCH_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
