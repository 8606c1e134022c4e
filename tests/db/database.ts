import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { connectPglite, connectPostgres, type DatabaseHandle } from "@/lib/server/db/client";

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server at TEST_DATABASE_URL when that is set (CI runs both).
 * Each is a copy of the run's migrated template (tests/database-template.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject("databaseTemplate");
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (!("pgliteDump" in template)) throw new Error("No PGlite template for this run");
    const handle = connectPglite(undefined, {
      loadDataDir: new Blob([readFileSync(template.pgliteDump)]),
    });
    // Finds every migration applied already; a migration added since would still run.
    await handle.migrate();
    return handle;
  }
  if (!("postgresDatabase" in template)) throw new Error("No PostgreSQL template for this run");
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = connectPostgres(url);
  await admin.db.execute(`create database ${name} template ${template.postgresDatabase}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = connectPostgres(testUrl.toString());
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.db.execute(`drop database ${name}`);
      await admin.close();
    },
  };
}
