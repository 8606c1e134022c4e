import { operations } from "@/lib/api-registry/operations";
import { acceptTerms, pendingTerms } from "@/features/content/server/legal-versions";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/**
 * GET: the legal documents' new versions the signed-in person has not accepted; POST: accept
 * one (issue 64). Always the caller's own: no user is named in the request.
 */
export default apiRoute(
  handle(operations.getPendingTerms, async ({ db, user }) => pendingTerms(db, user.id)),
  handle(operations.acceptTerms, async ({ db, user, body }) => acceptTerms(db, user.id, body)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
