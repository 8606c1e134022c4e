import { and, eq, ne } from "drizzle-orm";
import { logoPath, shownLogo, LOGO_PATH_PREFIX } from "@/lib/logos/logos";
import { employerActor, recordAudit } from "@/lib/server/audit/audit";
import { ownCompany } from "./own-company";
import type { Database } from "@/lib/server/db/client";
import { NO_COMPANY, type Employer } from "@/lib/server/auth/employer";
import { companies, jobs } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/errors";
import { purgeCachedPages } from "@/lib/server/http/page-cache";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import { log } from "@/lib/server/log";
import { encodeLogo } from "./logo-image";
import { logoStore, type LogoStore } from "./logo-store";

type Swapped = { companyId: number; before: string | null };

/**
 * Sets (or, with null, removes) the logo of the caller's company, in one transaction with its
 * audit record; 404 when they have none. Answers the company's id and the logo it had.
 */
async function swapLogo(
  db: Database,
  { user, member }: Employer,
  logoUrl: string | null,
): Promise<Swapped> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, member.companyId))
      .for("update");
    if (!company) throw notFound(NO_COMPANY);
    // The same logo again, or removing none: nothing changes, and nothing is recorded.
    if (company.logoUrl === logoUrl) return { companyId: company.id, before: company.logoUrl };
    await tx.update(companies).set({ logoUrl }).where(eq(companies.id, company.id));
    await recordAudit(tx, employerActor(user), {
      action: logoUrl ? "company.logo_uploaded" : "company.logo_removed",
      subjectType: "company",
      subjectId: company.id,
      detail: { logo_url: logoUrl, previous: company.logoUrl },
    });
    return { companyId: company.id, before: company.logoUrl };
  });
}

/**
 * After a change: every page showing the company's jobs is dropped from the caches, and the old
 * file is deleted when no company uses it any more (two companies may upload the same picture,
 * which is one file). A failed delete leaves a file nobody links to: logged, not an error.
 */
async function afterSwap(db: Database, store: LogoStore, swapped: Swapped, now: string | null) {
  const listed = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.companyId, swapped.companyId));
  if (listed.length > 0) purgeCachedPages(jobPagesPurge(listed.map((job) => job.id)));

  const old = shownLogo(swapped.before);
  if (!old || old === now) return;
  const [stillUsed] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.logoUrl, old), ne(companies.id, swapped.companyId)))
    .limit(1);
  if (stillUsed) return;
  try {
    await store.delete(old.slice(LOGO_PATH_PREFIX.length));
  } catch (error) {
    log.warn({ err: error, logo: old }, "An old logo could not be deleted");
  }
}

/**
 * PUT /api/company/logo: the upload checked and re-encoded (logo-image.ts), stored, and made the
 * company's logo. A refused upload changes nothing. 404 before the employer's first listing.
 */
export async function uploadOwnLogo(
  db: Database,
  caller: Employer,
  upload: Buffer,
  store: LogoStore = logoStore(),
) {
  // No company, no work: the 404 comes before the image is decoded or anything is stored.
  await ownCompany(db, caller.member.companyId);
  const logo = await encodeLogo(upload);
  await store.put(logo.name, logo.bytes);
  const url = logoPath(logo.name);
  const swapped = await swapLogo(db, caller, url);
  await afterSwap(db, store, swapped, url);
  return { company: await ownCompany(db, caller.member.companyId) };
}

/** DELETE /api/company/logo: the company has no logo (the pages show its initial). */
export async function removeOwnLogo(
  db: Database,
  caller: Employer,
  store: LogoStore = logoStore(),
) {
  const swapped = await swapLogo(db, caller, null);
  await afterSwap(db, store, swapped, null);
  return { company: await ownCompany(db, caller.member.companyId) };
}
