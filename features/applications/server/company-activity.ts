import { and, desc, eq, inArray, lt } from "drizzle-orm";
import type { z } from "zod";
import { STAGE_LABELS, type ApplicationStage } from "@/features/applications/constants";
import { ACTIVITY_PAGE_SIZE } from "@/features/companies/team";
import { ROLE_LABELS, type CompanyRole } from "@/lib/auth/company-roles";
import type { activityEntrySchema, activityPageSchema } from "@/features/companies/team-schemas";
import { formatMoney } from "@/features/billing/documents";
import { planOf, type Offer } from "@/features/billing/offer";
import { readOffer } from "@/features/billing/server/offer";
import { routes } from "@/lib/routes";
import type { Member } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { auditLog, jobApplications, jobs, users } from "@/lib/server/db/schema";
import { memberName } from "@/lib/server/users/users";

/*
 * The company's activity page (issue 44): its entries in the audit log, newest first, each read
 * as a sentence. Names are read as they are now (a member who left keeps theirs; a deleted
 * account's is gone), and an applicant is named only while their application is kept.
 *
 * The page, its contract and its screen are companies'; this reader is here, in applications,
 * because it names the records of features up to applications (listings, billing, the team, and
 * applicants: job_applications and their stages' labels), and companies is below applications.
 */

type ActivityEntry = z.infer<typeof activityEntrySchema>;
type Row = {
  id: number;
  at: Date;
  role: string;
  actor: string | null;
  action: string;
  subjectType: string;
  subjectId: number;
  detail: Record<string, unknown>;
};
type Names = {
  listings: Map<number, string>;
  applicants: Map<number, { name: string | null; jobId: number }>;
  people: Map<number, string | null>;
  /** Plans by slug, for their names. */
  offer: Offer;
};

const num = (value: unknown) => (typeof value === "number" ? value : undefined);
const role = (value: unknown) => ROLE_LABELS[value as CompanyRole] ?? String(value);

/** What each entry says, by action; an action not listed reads as itself. */
function sentence(row: Row, names: Names): { text: string; href: string | null } {
  const listing = (id: number | undefined) =>
    (id !== undefined && names.listings.get(id)) || "a listing";
  const person = (value: unknown) => {
    const id = num(value);
    return (id !== undefined && names.people.get(id)) || "a former member";
  };
  const d = row.detail;
  const onListing = (text: string) => ({
    text: `${text} “${listing(row.subjectId)}”`,
    href: routes.listingEdit(row.subjectId),
  });
  switch (row.action) {
    case "listing.submit":
      return onListing("Posted");
    case "listing.edit":
      return onListing("Edited");
    case "listing.fill":
      return onListing("Marked filled");
    case "listing.withdraw":
      return onListing("Withdrew");
    case "listing.renew":
      return onListing("Renewed");
    case "listing.approve":
      return onListing("Approved");
    case "listing.reject":
      return onListing("Sent back");
    case "listing.takedown":
      return onListing("Took down");
    case "listing.edit_approve":
      return onListing("Approved the edit of");
    case "listing.edit_reject":
      return onListing("Did not approve the edit of");
    case "listing.upgrade":
      return onListing(
        `Upgraded to ${planOf(names.offer, String(d.plan))?.name ?? String(d.plan)}`,
      );
    case "billing.pack":
      return {
        text: `Bought a pack of listings (invoice ${String(d.number)})`,
        href: routes.billing,
      };
    case "billing.paid":
      return { text: `Invoice ${String(d.number)} was paid`, href: routes.billing };
    case "billing.refund":
      return {
        text: `Invoice ${String(d.invoice)} was refunded (credit note ${String(d.credit_note)})`,
        href: routes.billing,
      };
    case "company.terms":
      return {
        text: d.days ? `May now pay invoices within ${String(d.days)} days` : "Now pays by card",
        href: routes.billing,
      };
    case "company.credit_limit":
      return {
        text: `May now use ${formatMoney(Number(d.limit_minor), "usd")} before paying invoices`,
        href: routes.billing,
      };
    case "company.update":
      return { text: "Changed the company page", href: routes.companyEditor };
    case "company.billing":
      return { text: "Changed the billing details", href: routes.billing };
    case "company.billing_contact":
      return {
        text: d.email
          ? `Invoices now go to ${String(d.email)}`
          : "Invoices now go to the owner and admins",
        href: routes.billing,
      };
    case "company.logo_uploaded":
      return { text: "Uploaded the company logo", href: routes.companyEditor };
    case "company.logo_removed":
      return { text: "Removed the company logo", href: routes.companyEditor };
    case "application.stage": {
      const applicant = names.applicants.get(row.subjectId);
      const jobId = num(d.job_id) ?? applicant?.jobId;
      return {
        text: `Moved ${applicant?.name ?? "an applicant"} to ${
          STAGE_LABELS[d.stage as ApplicationStage] ?? String(d.stage)
        } on “${listing(jobId)}”`,
        href: jobId === undefined ? null : routes.listingApplicants(jobId),
      };
    }
    case "invitation.send":
      return { text: `Invited ${String(d.email)} as ${role(d.role)}`, href: routes.team };
    case "invitation.resend":
      return { text: `Sent the invitation to ${String(d.email)} again`, href: routes.team };
    case "invitation.withdraw":
      return { text: `Withdrew the invitation to ${String(d.email)}`, href: routes.team };
    case "member.join":
      return { text: `Joined the team as ${role(d.role)}`, href: routes.team };
    case "member.role":
      return {
        text: `Made ${person(d.user_id)} ${role(d.to)} (was ${role(d.from)})`,
        href: routes.team,
      };
    case "member.remove":
      return { text: `Removed ${person(d.user_id)} from the team`, href: routes.team };
    case "member.leave":
      return { text: "Left the team", href: null };
    case "company.handover":
      return { text: `Handed the company over to ${person(d.user_id)}`, href: routes.team };
    default:
      return { text: row.action, href: null };
  }
}

/** The listings, applicants and people the rows name, read in three queries. */
async function namesOf(db: Database, rows: Row[]): Promise<Names> {
  const listingIds = new Set<number>();
  const applicationIds = new Set<number>();
  const userIds = new Set<number>();
  for (const row of rows) {
    if (row.subjectType === "listing") listingIds.add(row.subjectId);
    if (row.subjectType === "application") applicationIds.add(row.subjectId);
    const jobId = num(row.detail.job_id);
    if (jobId !== undefined) listingIds.add(jobId);
    const userId = num(row.detail.user_id);
    if (userId !== undefined) userIds.add(userId);
  }
  const [listed, applied, people, offer] = await Promise.all([
    listingIds.size === 0
      ? []
      : db
          .select({ id: jobs.id, title: jobs.title })
          .from(jobs)
          .where(inArray(jobs.id, [...listingIds])),
    applicationIds.size === 0
      ? []
      : db
          .select({
            id: jobApplications.id,
            name: jobApplications.fullName,
            jobId: jobApplications.jobId,
          })
          .from(jobApplications)
          .where(inArray(jobApplications.id, [...applicationIds])),
    userIds.size === 0
      ? []
      : db
          .select({ id: users.id, name: memberName })
          .from(users)
          .where(inArray(users.id, [...userIds])),
    readOffer(db),
  ]);
  return {
    listings: new Map(listed.map((row) => [row.id, row.title])),
    applicants: new Map(applied.map((row) => [row.id, { name: row.name, jobId: row.jobId }])),
    people: new Map(people.map((row) => [row.id, row.name])),
    offer,
  };
}

/** One page of the company's activity, newest first, older than the entry `before`. */
export async function companyActivity(
  db: Database,
  member: Member,
  before?: number,
): Promise<z.infer<typeof activityPageSchema>> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      role: auditLog.role,
      actor: memberName,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.companyId, member.companyId),
        before === undefined ? undefined : lt(auditLog.id, before),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const names = await namesOf(db, page);
  const entries: ActivityEntry[] = page.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    // A moderator is "a moderator" to the company, never their address.
    actor:
      row.role === "moderator"
        ? "A moderator"
        : row.role === "system"
          ? null
          : (row.actor ?? "A former member"),
    action: row.action,
    ...sentence(row, names),
  }));
  return {
    entries,
    next_before: rows.length > ACTIVITY_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}
