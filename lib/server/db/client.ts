import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Pool } from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  /** "pglite" for the embedded database, "postgres" for a server at DATABASE_URL. */
  kind: "pglite" | "postgres";
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export const MIGRATIONS_FOLDER = join(process.cwd(), "lib/server/db/migrations");

/** A real PostgreSQL server, for production and for CI's second run of the DB tests. */
export function connectPostgres(connectionString: string): DatabaseHandle {
  const pool = new Pool({ connectionString, max: 10 });
  // An idle connection that drops (a restart, a network blip) must not take the process down.
  pool.on("error", (error) => console.error("PostgreSQL connection error:", error));
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

/** PostgreSQL in WASM: persisted under `dataDir`, or in memory when none is given. */
export function connectPglite(dataDir?: string): DatabaseHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}
