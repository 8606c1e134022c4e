import { openApiDocument } from "@/lib/api-registry/openapi";
import { operations } from "@/lib/api-registry/operations";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** The API's OpenAPI 3.1 document, generated from the operations' schemas. */
export default apiRoute(
  handle(operations.getOpenApiDocument, async () => openApiDocument(), {
    cache: PUBLIC_CACHE_CONTROL.document,
    database: false,
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
