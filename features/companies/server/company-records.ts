import { eq } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { companies, companyMembers } from "@/lib/server/db/schema";
import { slugify } from "@/lib/server/slug";

/*
 * The rows of a company and its owner, as other features make them (issue 62: the companies
 * feature writes the companies and company_members tables; TABLE_WRITERS in eslint.config.mjs):
 * a company made with an employer's first listing (features/listings) or for a board a moderator
 * backfills (features/moderation), and a moderator's approval of the profile a listing proposed.
 */

type NewCompany = Pick<typeof companies.$inferInsert, "name" | "website"> &
  Partial<Pick<typeof companies.$inferInsert, "about" | "logoUrl">>;

/**
 * How a taken slug is made free: `numbered` tries name-2, name-3… (a moderator's backfill, where
 * nothing races); `random` adds a short random suffix (an employer's first listing, where two
 * companies of one name may be made at once).
 */
type SlugSuffix = "numbered" | "random";

function slugFor(base: string, attempt: number, suffix: SlugSuffix) {
  if (attempt === 0) return base;
  if (suffix === "numbered") return `${base}-${attempt + 1}`;
  return `${base}-${Math.random()
    .toString(36)
    .slice(2, 2 + attempt + 4)}`;
}

/**
 * A new company, its slug made from its name and made free: a conflict skips the row rather than
 * failing the transaction, and the next slug is tried. Its id.
 */
export async function createCompany(
  db: Database,
  company: NewCompany,
  suffix: SlugSuffix,
): Promise<number> {
  const base = slugify(company.name) || "company";
  for (let attempt = 0; ; attempt += 1) {
    const [row] = await db
      .insert(companies)
      .values({ slug: slugFor(base, attempt, suffix), ...company })
      .onConflictDoNothing()
      .returning({ id: companies.id });
    if (row) return row.id;
  }
}

/** `userId` made the owner of `companyId`: the membership's row. */
export async function addCompanyOwner(db: Database, companyId: number, userId: number) {
  const [owner] = await db
    .insert(companyMembers)
    .values({ companyId, userId, role: "owner" })
    .returning();
  return owner!;
}

/** A listing's proposed profile, approved with it: the company's name, site, about and logo. */
export async function applyCompanyProposal(
  db: Database,
  companyId: number,
  proposal: Pick<typeof companies.$inferInsert, "name" | "website" | "about" | "logoUrl">,
) {
  const { name, website, about, logoUrl } = proposal;
  await db
    .update(companies)
    .set({ name, website, about, logoUrl })
    .where(eq(companies.id, companyId));
}
