import { operations } from "@/lib/api-registry/operations";
import { getCompanyEmbed } from "@/features/embed/server/company-embed";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { listCacheControl } from "@/lib/server/http/cache";
import { notFound } from "@/lib/server/errors";

/**
 * GET: a company's live listings for the web component on its own careers page (issue 66),
 * readable from any origin, without credentials.
 */
export default apiRoute(
  handle(
    operations.getCompanyEmbed,
    async ({ db, params, query }) => {
      const embed = await getCompanyEmbed(db, params.slug, query.limit);
      if (!embed) throw notFound("Company not found");
      return embed;
    },
    { cache: listCacheControl, crossOrigin: true },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
