import { sql } from "drizzle-orm";
import type { AuditActor } from "./audit";
import type { Moderator } from "../auth/caller";
import type { Database } from "../db/client";
import { users } from "../db/schema";

/**
 * The audit log's actor for a moderator: their email, and their account when they have one (a
 * moderator is known by the verified email on their token; their account is the one with that
 * email, if they ever signed in to the site itself).
 */
export async function moderatorActor(db: Database, moderator: Moderator): Promise<AuditActor> {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${moderator.email.toLowerCase()}`)
    .orderBy(users.id)
    .limit(1);
  return { role: "moderator", id: account?.id ?? null, email: moderator.email };
}
