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
export const moderatorActor = (db: Database, moderator: Moderator) =>
  moderatorActorByEmail(db, moderator.email);

/** The same, for a moderator known only by the email a decision recorded. */
export async function moderatorActorByEmail(db: Database, email: string): Promise<AuditActor> {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .orderBy(users.id)
    .limit(1);
  return { role: "moderator", id: account?.id ?? null, email };
}
