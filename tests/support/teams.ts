import type { CompanyRole } from "@/lib/auth/company-roles";
import type { Employer, Member } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { companyMembers, type User } from "@/lib/server/db/schema";

/**
 * Puts `user` in company `companyId` with `role` (owner by default): what a test's employer is.
 * A person is in one company at most: one already in another moves to this one.
 */
export async function addMember(
  db: Database,
  companyId: number,
  user: Pick<User, "id">,
  role: CompanyRole = "owner",
): Promise<Member> {
  const [row] = await db
    .insert(companyMembers)
    .values({ companyId, userId: user.id, role })
    .onConflictDoUpdate({ target: companyMembers.userId, set: { companyId, role } })
    .returning();
  return { id: row!.id, companyId, role, userId: user.id };
}

/** `user` as the employer guard hands them to a service: with their place in `companyId`. */
export const asEmployer = async (
  db: Database,
  companyId: number,
  user: User,
  role: CompanyRole = "owner",
): Promise<Employer> => ({ user, member: await addMember(db, companyId, user, role) });
