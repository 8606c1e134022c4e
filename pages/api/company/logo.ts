import { operations } from "@/lib/api-registry/operations";
import { LOGO_MAX_BYTES } from "@/lib/logos/logos";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { removeOwnLogo, uploadOwnLogo } from "@/features/companies/server/company-logo";

/**
 * The signed-in employer's company logo: PUT the image's bytes, DELETE to go back to the
 * initial. Only their own company's, and 404 before their first listing made it.
 */
export default apiRoute(
  handle(
    operations.uploadCompanyLogo,
    async ({ db, user, member, rawBody }) => uploadOwnLogo(db, { user, member }, rawBody),
    // Twice the logo's limit is read, so that a file a little over it hears why (422 on logo)
    // rather than a bare 413; anything larger is cut off unread.
    { bodyLimit: 2 * LOGO_MAX_BYTES },
  ),
  handle(operations.removeCompanyLogo, async ({ db, user, member }) =>
    removeOwnLogo(db, { user, member }),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
