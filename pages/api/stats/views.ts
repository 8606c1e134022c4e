import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { PAGE_VIEW_LIMIT, recordPageView } from "@/features/analytics/server/page-views";

/** POST: a page's view of itself, for the board's traffic figures (features/analytics/server). */
export default apiRoute(
  handle(
    operations.recordPageView,
    async ({ db, req, address, body }) => ({
      counted: await recordPageView(db, { view: body, address, headers: req.headers }),
    }),
    // Room for the schema's longest path and referrer, so that they are refused in its words.
    { limit: PAGE_VIEW_LIMIT, bodyLimit: 8 * 1024 },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
