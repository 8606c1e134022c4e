import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, provideDatabase } from "@/lib/server/db";
import { connectPostgres, type DatabaseHandle } from "@/lib/server/db/client";
import { connectPglite } from "@/lib/server/db/pglite-client";

/*
 * Test databases, each a copy of the run's migrated template (tests/database-template.ts): no
 * test file migrates a database of its own, except those about migrating.
 */

/** The run's PGlite template, as the blob PGlite loads a data folder from. */
function pgliteTemplate(): Blob {
  const template = inject("databaseTemplate");
  if (!("pgliteDump" in template)) throw new Error("No PGlite template for this run");
  return new Blob([readFileSync(template.pgliteDump)]);
}

/**
 * A new database on the PostgreSQL server at TEST_DATABASE_URL, a copy of the run's template
 * (`CREATE DATABASE … TEMPLATE`): its address, and `drop` to remove it once nobody is connected.
 */
export async function copyTemplateDatabase(
  prefix = "test",
): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const template = inject("databaseTemplate");
  if (!("postgresDatabase" in template)) throw new Error("No PostgreSQL template for this run");
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  /** Runs `statement` on the server's own database (a database is made and dropped from another). */
  const onServer = async (statement: string) => {
    const admin = connectPostgres(url);
    try {
      await admin.db.execute(statement);
    } finally {
      await admin.close();
    }
  };
  await onServer(`create database ${name} template ${template.postgresDatabase}`);
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return { url: copy.toString(), drop: () => onServer(`drop database ${name}`) };
}

/**
 * A migrated, empty database: in-memory PGlite by default, or a new database on the PostgreSQL
 * server at TEST_DATABASE_URL when that is set (CI runs both). Closing it drops the PostgreSQL
 * one. Most test files want `setUpTestDatabase` instead; this is for a second database in a test.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL) {
    const handle = connectPglite(undefined, { loadDataDir: pgliteTemplate() });
    // Finds every migration applied already; a migration added since would still run.
    await handle.migrate();
    return handle;
  }
  const copy = await copyTemplateDatabase();
  const handle = connectPostgres(copy.url);
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await copy.drop();
    },
  };
}

/**
 * The test file's (or the describe block's) database, made the app's (`provideDatabase`, so API
 * routes and services that open the app's database get it): opened in a `beforeAll` and closed
 * in an `afterAll` that this registers. The handle it returns is filled in by that `beforeAll`:
 * call this before the file's own hooks, and use the handle in hooks and tests.
 */
export function setUpTestDatabase(): DatabaseHandle {
  const handle = {} as DatabaseHandle;
  beforeAll(async () => {
    // The same object throughout: the job queue (getQueue) knows a database by its handle.
    Object.assign(handle, await createTestDatabase());
    provideDatabase(handle);
  });
  afterAll(async () => {
    await closeDatabase();
  });
  return handle;
}

/**
 * A temporary PGlite data folder holding a copy of the template, for a production server a test
 * starts (tests/server/harness.ts): the server finds every migration applied. The caller removes
 * the folder. In a run on PostgreSQL (no PGlite template), the folder is migrated instead.
 */
export async function templateDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "creator-jobs-data-"));
  const onPglite = "pgliteDump" in inject("databaseTemplate");
  const handle = connectPglite(dataDir, onPglite ? { loadDataDir: pgliteTemplate() } : {});
  await handle.migrate();
  await handle.close();
  return dataDir;
}
