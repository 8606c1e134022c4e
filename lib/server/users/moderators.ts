import { eq } from "drizzle-orm";
import type { BoardRole } from "@/lib/auth/board-roles";
import type { Database } from "../db/client";
import { boardMembers } from "../db/schema";
import { readServerEnv } from "../env";

/** Who a request speaks for, as far as moderation goes: an address, and whether it is verified. */
export type Identity = { email: string | null | undefined; emailVerified: boolean };

/**
 * The person's address when their identity provider verified it, else null. An unverified
 * address is only a claim: a provider that lets anyone sign up with any address would
 * otherwise let them be anyone (issue 40).
 */
export const verifiedEmail = (person: Identity): string | null =>
  person.emailVerified && person.email ? person.email : null;

/**
 * Whether ADMIN_EMAILS names the person, by their verified address: the board's first
 * owner(s), who need no row in board_members (issue 64).
 */
export function isNamedOwner(person: Identity): boolean {
  const email = verifiedEmail(person);
  return email !== null && readServerEnv().ADMIN_EMAILS.includes(email.toLowerCase());
}

/**
 * The person's role on the board's team, read afresh (a removal takes effect on the next
 * request): owner when ADMIN_EMAILS names them, else their board_members row's, else null. The
 * one check every power of the board's team goes through (the board guard, the applicant
 * pipeline, what /api/current_user says).
 */
export async function boardRoleOf(
  db: Database,
  person: Identity & { id: number },
): Promise<BoardRole | null> {
  if (isNamedOwner(person)) return "owner";
  const [row] = await db
    .select({ role: boardMembers.role })
    .from(boardMembers)
    .where(eq(boardMembers.userId, person.id));
  return row?.role ?? null;
}
