import { operations } from "@/lib/api-registry/operations";
import { endPartnerOffer } from "@/features/content/server/partner-offers";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: a partner offer ended now (editors and owners: area "content"). */
export default apiRoute(
  handle(operations.endPartnerOffer, ({ db, moderator, params }) =>
    endPartnerOffer(db, moderator, params.slug),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
