import { sql } from "drizzle-orm";
import { users } from "../db/schema";

/**
 * A user's address as the board may mail it: their verified one, else null (issue 40). Mail to
 * an account goes where its identity provider vouched for, never to an address only claimed.
 */
export const mailAddress = sql<
  string | null
>`case when ${users.emailVerified} then ${users.email} end`;
