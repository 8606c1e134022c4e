import { operations } from "@/lib/api-registry/operations";
import { readOffer } from "@/features/billing/server/offer";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** What the board sells, for the signed-in screens that price things (a change purges it). */
export default apiRoute(
  handle(operations.getOffer, ({ db }) => readOffer(db), { cache: PUBLIC_CACHE_CONTROL.list }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
