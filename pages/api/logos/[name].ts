import { operations } from "@/lib/api-registry/operations";
import { LOGO_CACHE_CONTROL } from "@/lib/logos/logos";
import { notFound } from "@/lib/server/errors";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";
import { logoStore } from "@/features/companies/server/logo-store";

/**
 * GET /api/logos/{name}: a company logo from the configured store (a folder, or the S3 bucket).
 * The name is checked against the pattern of the names the site makes before anything is read,
 * so no path or key is made of anything else.
 */
export default apiRoute(
  handle(
    operations.getLogo,
    async ({ params: { name } }) => {
      const bytes = await logoStore().get(name);
      if (!bytes) throw notFound("There is no logo of that name");
      return new FileReply(bytes, {
        "Content-Type": "image/webp",
        "X-Content-Type-Options": "nosniff",
      });
    },
    { cache: LOGO_CACHE_CONTROL, database: false },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
