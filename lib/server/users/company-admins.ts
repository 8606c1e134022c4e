import { and, eq, inArray, isNotNull, sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db/client";
import { companies, companyMembers, users } from "../db/schema";
import { mailAddress } from "./mail-address";

export type AdminRecipient = { companyId: number; companyName: string; to: string };

/**
 * Who hears of what a company's owner and admins look after (its billing, its imports): those
 * members, at verified addresses.
 */
export async function adminRecipients(
  db: Database,
  companyIds: readonly number[],
): Promise<AdminRecipient[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({ companyId: companies.id, companyName: companies.name, to: mailAddress })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        inArray(companyMembers.companyId, [...new Set(companyIds)]),
        inArray(companyMembers.role, ["owner", "admin"]),
        isNotNull(mailAddress),
      ),
    );
  return rows.map((row) => ({ ...row, to: row.to! }));
}

/** How many members the company `companyId` (a column or a value) has, as a select's column. */
export const memberCount = (companyId: SQLWrapper | number) =>
  sql<number>`(select count(*) from ${companyMembers} m where m.company_id = ${companyId})`.mapWith(
    Number,
  );
