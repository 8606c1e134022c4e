import type { z } from "zod";
import type { savedSearchSchema } from "@/features/saved-searches/schemas";

/*
 * A saved search as the API sends it and /preferences shows it: inferred from the schema
 * (features/saved-searches/schemas.ts) as a type only, so the browser downloads no zod for it.
 */

export type SavedSearch = z.output<typeof savedSearchSchema>;
