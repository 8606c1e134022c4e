import { operations } from "@/lib/api-registry/operations";
import { consoleOffer } from "@/features/billing/server/offer-console";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET, moderators only: the whole offer, retired plans and packs included (issue 63). */
export default apiRoute(handle(operations.getOfferConsole, async ({ db }) => consoleOffer(db)));

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
