import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { getQueue } from "@/lib/server/queue/queue";
import { IMPORT_PREVIEW_LIMIT } from "@/features/imports/server/limits";
import { companySources, connectSource } from "@/features/imports/server/sources-api";

/** GET: the company's import sources; POST: import a board (owner and admins). */
export default apiRoute(
  handle(operations.listImports, ({ db, member }) => companySources(db, member.companyId)),
  handle(
    operations.addImport,
    async ({ db, user, member, body }) =>
      connectSource(db, await getQueue(), { user, member }, body),
    { limit: IMPORT_PREVIEW_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
