import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { CompanyChanges, ownCompanySchema } from "@/lib/companies/schemas";
import type { Database } from "../db/client";
import { employerActor, recordAudit } from "../audit/audit";
import { companies, type Company, type User } from "../db/schema";
import { notFound } from "../errors";

type OwnCompany = z.infer<typeof ownCompanySchema>;

const json = (row: Company): OwnCompany => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  website: row.website,
  logo_url: row.logoUrl,
  about: row.about,
});

const NO_COMPANY = "You have no company yet: it is made with your first listing";

/** The company `userId` owns (made with their first listing); 404 before that. */
export async function ownCompany(db: Database, userId: number): Promise<OwnCompany> {
  const [row] = await db.select().from(companies).where(eq(companies.ownerId, userId));
  if (!row) throw notFound(NO_COMPANY);
  return json(row);
}

/**
 * Changes the company `user` owns, and only theirs; 404 when they have none. The change is
 * written to the audit log with the fields it changed.
 */
export async function updateOwnCompany(
  db: Database,
  user: User,
  changes: CompanyChanges,
): Promise<OwnCompany> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(companies)
      .where(eq(companies.ownerId, user.id))
      .for("update");
    if (!before) throw notFound(NO_COMPANY);
    const changed = (Object.keys(changes) as (keyof CompanyChanges)[]).filter(
      (field) => changes[field] !== undefined && changes[field] !== before[field],
    );
    if (changed.length === 0) return json(before);
    const [row] = await tx
      .update(companies)
      .set(changes)
      .where(eq(companies.id, before.id))
      .returning();
    await recordAudit(tx, employerActor(user), {
      action: "company.update",
      subjectType: "company",
      subjectId: before.id,
      detail: { fields: changed },
    });
    return json(row!);
  });
}
