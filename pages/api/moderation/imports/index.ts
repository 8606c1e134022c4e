import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { getQueue } from "@/lib/server/queue/queue";
import {
  addSourceAsModerator,
  moderatorSources,
} from "@/features/moderation/server/import-sources";

/** GET, moderators only: every import source; POST: import a board for a company. */
export default apiRoute(
  handle(operations.listAllImports, ({ db }) => moderatorSources(db)),
  handle(operations.addImportForCompany, async ({ db, moderator, body }) =>
    addSourceAsModerator(db, await getQueue(), moderator, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
