import { operations } from "@/lib/api-registry/operations";
import {
  consoleLegalVersions,
  publishLegalVersion,
} from "@/features/content/server/legal-versions";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: a legal document's versions; POST: publish a new one (editors, issue 64). */
export default apiRoute(
  handle(operations.listLegalVersions, async ({ db, params: { document } }) =>
    consoleLegalVersions(db, document),
  ),
  handle(operations.publishLegalVersion, async ({ db, moderator, params: { document }, body }) =>
    publishLegalVersion(db, await moderatorActor(db, moderator), document, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
