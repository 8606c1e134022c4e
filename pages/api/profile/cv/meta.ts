import { operations } from "@/lib/api-registry/operations";
import { ownCv } from "@/features/applications/server/cv-profile";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** What the signed-in candidate's CV is (name, size, upload time) without its bytes, or null. */
export default apiRoute(
  handle(operations.getOwnCvDetails, async ({ db, user }) => ({ cv: await ownCv(db, user.id) })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
