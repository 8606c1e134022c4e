import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { JobStatus } from "@/features/jobs/constants";
import { MODERATION_PAGE_SIZE } from "@/features/moderation/schemas";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs, users } from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import { lacksCountries } from "@/features/jobs/server/job-location";
import { endListings } from "@/features/listings/server/listing-state";

/** `text` as a LIKE pattern matching itself anywhere: its wildcards escaped. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The live listings (status open), newest first, a page at a time: those whose title or
 * company contains `q`, or whose id is `q` (with or without a leading #).
 */
export async function liveListings(
  db: Database,
  query: { q?: string; page: number; needs?: "countries" },
) {
  const conditions: SQL[] = [eq(jobs.status, "open")];
  if (query.needs === "countries") conditions.push(lacksCountries);
  if (query.q) {
    const pattern = containing(query.q);
    const idMatch = /^#?(\d{1,9})$/.exec(query.q);
    conditions.push(
      or(
        ilike(jobs.title, pattern),
        ilike(companies.name, pattern),
        ...(idMatch ? [eq(jobs.id, Number(idMatch[1]))] : []),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [counted], [needing]] = await Promise.all([
    db
      .select({
        id: jobs.id,
        slug: jobs.slug,
        title: jobs.title,
        companyName: companies.name,
        location: jobs.location,
        plan: jobs.plan,
        sponsored: jobs.sponsored,
        publishedAt: jobs.publishedAt,
        expiresAt: jobs.expiresAt,
        submitterEmail: users.email,
        lacksCountries,
        applyMethod: jobs.applyMethod,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .leftJoin(users, eq(users.id, jobs.submittedBy))
      .where(where)
      .orderBy(desc(jobs.publishedAt), desc(jobs.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((query.page - 1) * MODERATION_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(where),
    db
      .select({ total: count() })
      .from(jobs)
      .where(and(eq(jobs.status, "open"), lacksCountries)),
  ]);
  return {
    listings: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      company_name: row.companyName,
      location: row.location,
      plan: row.plan,
      sponsored: row.sponsored,
      published_at: row.publishedAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      submitter_email: row.submitterEmail,
      needs_countries: row.lacksCountries,
      takes_applications: row.applyMethod === "board",
    })),
    total: counted?.total ?? 0,
    needing_countries: needing?.total ?? 0,
    page: query.page,
    per_page: MODERATION_PAGE_SIZE,
  };
}

/**
 * Takes a live listing down: it leaves the board at once (status `removed`), with the
 * moderator's reason for its employer, and the audit log records who and why. 404 for an
 * unknown listing, 409 for one that is not live.
 */
export async function takeDown(
  db: Database,
  jobId: number,
  reason: string,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<{ id: number; status: JobStatus; closed_at: string }> {
  const [row] = await endListings(db, [jobId], {
    status: "removed",
    now,
    reason,
    from: ["open"],
  });
  if (!row) {
    const [existing] = await db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.id, jobId));
    if (!existing) throw notFound("There is no listing with this id");
    throw conflict("Only a live listing can be taken down");
  }
  await recordAudit(db, actor, {
    action: "listing.takedown",
    subjectType: "listing",
    subjectId: jobId,
    detail: { reason },
  });
  return { id: row.id, status: row.status, closed_at: now.toISOString() };
}
