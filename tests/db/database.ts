import { connectPglite, connectPostgres, type DatabaseHandle } from "@/lib/server/db/client";

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server at TEST_DATABASE_URL when that is set (CI runs both).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = connectPglite();
    await handle.migrate();
    return handle;
  }
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = connectPostgres(url);
  await admin.db.execute(`create database ${name}`);
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
