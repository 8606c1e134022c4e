import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL's tsvector, which drizzle has no type for: the search vectors of jobs and profiles. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
