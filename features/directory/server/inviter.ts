import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users } from "@/lib/server/db/schema";

/*
 * Who in a company sent an invitation, as the company's lists show them: by name only (the
 * directory answers no e-mail address, a teammate's neither), "A teammate" for one who gave no
 * name, null once their account is gone. Join `inviter` on job_invitations.invited_by.
 */

export const inviter = alias(users, "inviter");

export const inviterName = sql<
  string | null
>`case when ${inviter.id} is null then null else coalesce(${inviter.fullName}, 'A teammate') end`;
