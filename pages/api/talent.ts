import { operations } from "@/lib/api-registry/operations";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { listTalent } from "@/features/directory/server/talent-page";

/** The public talent list as JSON: the same profiles, and only the same fields, as /talent. */
export default apiRoute(
  handle(operations.listTalent, ({ db, query }) => listTalent(db, query), {
    cache: PUBLIC_CACHE_CONTROL.talent,
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
