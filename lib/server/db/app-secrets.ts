import { randomBytes } from "node:crypto";
import { and, eq, like, lt } from "drizzle-orm";
import type { Database } from "./client";
import { appSecrets } from "./schema";

/*
 * Secrets the app makes for itself (table app_secrets): the first process to need one inserts 32
 * random bytes, and every process on the database reads the row that won, so instances agree
 * with no configuration. A database restored from a backup keeps its secrets, and links signed
 * before stay valid.
 */

// Per database (tests open many). A secret never changes once made, so one found is kept.
const known = new WeakMap<Database, Map<string, Buffer>>();

const remembered = (db: Database) => {
  let secrets = known.get(db);
  if (!secrets) {
    secrets = new Map();
    known.set(db, secrets);
  }
  return secrets;
};

async function read(db: Database, name: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) return null;
  const secret = Buffer.from(row.value, "base64url");
  remembered(db).set(name, secret);
  return secret;
}

/** The secret called `name` on this database, made on first use (for signing). */
export async function appSecret(db: Database, name: string): Promise<Buffer> {
  const secret = remembered(db).get(name);
  if (secret) return secret;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  return (await read(db, name))!;
}

/**
 * The secret called `name` if it has been made, else null (for checking: nothing was signed with
 * a secret that does not exist yet, and a check must not write).
 */
export async function existingAppSecret(db: Database, name: string): Promise<Buffer | null> {
  return remembered(db).get(name) ?? (await read(db, name));
}

/**
 * The secrets whose names start with `prefix` and sort before `prefix` + `before` deleted (a
 * daily salt's older days: `day-salt:` and `2026-11-22`), here and in this process's memory, in
 * `db`'s transaction when it is one. The names deleted.
 */
export async function forgetAppSecrets(
  db: Database,
  prefix: string,
  before: string,
): Promise<string[]> {
  const gone = await db
    .delete(appSecrets)
    .where(and(like(appSecrets.name, `${prefix}%`), lt(appSecrets.name, `${prefix}${before}`)))
    .returning({ name: appSecrets.name });
  for (const { name } of gone) remembered(db).delete(name);
  return gone.map(({ name }) => name);
}
