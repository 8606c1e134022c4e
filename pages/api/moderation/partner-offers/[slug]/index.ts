import { operations } from "@/lib/api-registry/operations";
import { updatePartnerOffer } from "@/features/content/server/partner-offers";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PUT: a partner offer rewritten (editors and owners: area "content"). */
export default apiRoute(
  handle(operations.updatePartnerOffer, ({ db, moderator, params, body }) =>
    updatePartnerOffer(db, moderator, params.slug, body.offer),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
