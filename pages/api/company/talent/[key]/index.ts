import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { openDirectoryProfile } from "@/features/directory/server/profile";

/** GET: a candidate's profile, one of the company's profile views today. */
export default apiRoute(
  handle(operations.openDirectoryProfile, ({ db, member, params }) =>
    openDirectoryProfile(db, member, params.key),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
