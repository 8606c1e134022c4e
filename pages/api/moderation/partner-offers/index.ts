import { operations } from "@/lib/api-registry/operations";
import { createPartnerOffer, listPartnerOffers } from "@/features/content/server/partner-offers";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: every partner offer; POST: a new one (editors and owners: area "content"). */
export default apiRoute(
  handle(operations.listPartnerOffers, ({ db }) => listPartnerOffers(db)),
  handle(operations.createPartnerOffer, ({ db, moderator, body }) =>
    createPartnerOffer(db, moderator, body.offer),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
