import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { CompanyChanges, ownCompanySchema } from "@/lib/schemas/company";
import type { Database } from "../db/client";
import { companies, type Company } from "../db/schema";
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

/** Changes the company `userId` owns, and only theirs; 404 when they have none. */
export async function updateOwnCompany(
  db: Database,
  userId: number,
  changes: CompanyChanges,
): Promise<OwnCompany> {
  const { logo_url: logoUrl, ...rest } = changes;
  const values = { ...rest, ...(logoUrl !== undefined && { logoUrl }) };
  const [row] =
    Object.keys(values).length === 0
      ? await db.select().from(companies).where(eq(companies.ownerId, userId))
      : await db.update(companies).set(values).where(eq(companies.ownerId, userId)).returning();
  if (!row) throw notFound(NO_COMPANY);
  return json(row);
}
