import type { z } from "zod";
import type { savedSearchSchema } from "@/lib/saved-searches/schemas";

/*
 * A saved search as the API sends it and /preferences shows it: inferred from the schema
 * (lib/saved-searches/schemas.ts) as a type only, so the browser downloads no zod for it.
 */

export type SavedSearch = z.output<typeof savedSearchSchema>;
