import { and, eq, exists, isNotNull } from "drizzle-orm";
import { recordAudit, employerActor } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import { atsSources, companies, users, type User } from "@/lib/server/db/schema";
import { conflict, forbidden, notFound } from "@/lib/server/errors";
import { memberCount } from "@/lib/server/users/company-admins";
import { membershipOf } from "@/lib/server/auth/employer";
import { addCompanyOwner } from "@/features/companies/server/company-records";
import { isAtDomain, websiteHost } from "@/features/companies/server/website-host";

/*
 * A company the board's moderators added (to import its jobs before it had an account) is
 * claimed by the first person who signs in with a verified address at its website's domain: they
 * become its owner, and its imports answer to them from then on (issue 46).
 */

/**
 * The company at `slug`, when it is one the moderators added to import its jobs (a source they
 * added); 404 for any other, claimed or not.
 */
export async function claimableCompany(db: Database, slug: string) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      website: companies.website,
      members: memberCount(companies.id),
    })
    .from(companies)
    .where(
      and(
        eq(companies.slug, slug),
        exists(
          db
            .select({ id: atsSources.id })
            .from(atsSources)
            .where(
              and(eq(atsSources.companyId, companies.id), isNotNull(atsSources.addedByModerator)),
            ),
        ),
      ),
    );
  if (!row) throw notFound("No company on the board can be claimed at this address");
  return row;
}

/**
 * `user` claims the company at `slug`: they must have a verified address at its website's
 * domain and be in no company; the company must have no members. They become its owner.
 */
export async function claimCompany(db: Database, user: User, slug: string) {
  return db.transaction(async (tx) => {
    const company = await claimableCompany(tx, slug);
    // Locked, so two people claiming at once make one owner.
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, company.id))
      .for("update");
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [{ members } = { members: 0 }] = await tx
      .select({ members: memberCount(company.id) })
      .from(companies)
      .where(eq(companies.id, company.id));
    if (members > 0) {
      throw conflict(`${company.name} is run by its team already: ask its owner for an invitation`);
    }
    const host = websiteHost(company.website);
    if (!host || !user.email || !user.emailVerified || !isAtDomain(user.email, host)) {
      throw forbidden(
        host
          ? `Sign in with a verified e-mail address at ${host} to claim ${company.name}`
          : `${company.name} has no website to check your address against: write to us`,
      );
    }
    const already = await membershipOf(tx, user.id);
    if (already) {
      throw conflict("You are in a company on the board already: leave it first to claim another");
    }
    await addCompanyOwner(tx, company.id, user.id);
    // Its imports answer to its owner now: a paid plan can spend the company's credits.
    await tx
      .update(atsSources)
      .set({ addedBy: user.id })
      .where(eq(atsSources.companyId, company.id));
    await recordAudit(tx, employerActor(user), {
      action: "company.claim",
      subjectType: "company",
      subjectId: company.id,
      detail: { domain: host },
    });
    return { company: { id: company.id, name: company.name, slug: company.slug } };
  });
}
