import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { IMPORT_PREVIEW_LIMIT } from "@/features/imports/server/limits";
import { previewSource } from "@/features/imports/server/sources-api";

/** POST: how an ATS board's jobs would be imported (owner and admins); nothing is stored. */
export default apiRoute(
  handle(operations.previewImport, ({ body }) => previewSource(body), {
    limit: IMPORT_PREVIEW_LIMIT,
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
