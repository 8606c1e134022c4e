/*
 * The database's tables, one file per domain; every module imports them from here
 * (`@/lib/server/db/schema`), and drizzle-kit reads them from here (drizzle.config.ts). Each
 * change to a table needs its migration: `npm run db:generate`, then read the SQL.
 */
export * from "./users";
export * from "./jobs";
export * from "./candidates";
export * from "./applications";
export * from "./alerts";
export * from "./enquiries";
export * from "./moderation";
export * from "./payments";
export * from "./offer";
export * from "./stats";
export * from "./salaries";
export * from "./shared-state";
export * from "./teams";
export * from "./imports";
export * from "./directory";
export * from "./board-team";
export * from "./legal";
export * from "./board-settings";
export * from "./partner-offers";
export * from "./posts";
export * from "./newsletter";
export * from "./social";
