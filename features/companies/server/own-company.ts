import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { CompanyChanges, ownCompanySchema } from "@/features/companies/schemas";
import type { Database } from "@/lib/server/db/client";
import { employerActor, recordAudit } from "@/lib/server/audit/audit";
import { NO_COMPANY, type Employer } from "@/lib/server/auth/employer";
import { companies, type Company } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/errors";

type OwnCompany = z.infer<typeof ownCompanySchema>;

const json = (row: Company): OwnCompany => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  website: row.website,
  logo_url: row.logoUrl,
  about: row.about,
});

/** The company `companyId` as its members see it. */
export async function ownCompany(db: Database, companyId: number): Promise<OwnCompany> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound(NO_COMPANY);
  return json(row);
}

/**
 * Changes the caller's company, and only theirs. The change is written to the audit log with the
 * fields it changed, and who changed them.
 */
export async function updateOwnCompany(
  db: Database,
  { user, member }: Employer,
  changes: CompanyChanges,
): Promise<OwnCompany> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, member.companyId))
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
