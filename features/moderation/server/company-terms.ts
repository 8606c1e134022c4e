import type { InvoiceTermsDays } from "@/features/billing/documents";
import { writeCreditLimit } from "@/features/billing/server/credit-limit";
import { writePaymentTerms } from "@/features/billing/server/payment-terms";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import { notFound } from "@/lib/server/errors";

/*
 * How a company may pay, as moderators set it (issue 62: what moderators do lives here): the
 * credit it may use before paying, and whether it may pay by transfer. Billing keeps the
 * columns; each change is one transaction with its audit entry.
 */

/** A moderator sets how much the company may use before paying. */
export async function setCreditLimit(
  db: Database,
  actor: AuditActor,
  companyId: number,
  limitMinor: number,
) {
  return db.transaction(async (tx) => {
    const row = await writeCreditLimit(tx, companyId, limitMinor);
    if (!row) throw notFound("No such company");
    await recordAudit(tx, actor, {
      action: "company.credit_limit",
      subjectType: "company",
      subjectId: companyId,
      companyId,
      detail: { limit_minor: limitMinor },
    });
    return { company_id: row.id, limit_minor: row.limit };
  });
}

/** A moderator lets a company pay by transfer within `days`, or (null) only by card. */
export async function setPaymentTerms(
  db: Database,
  actor: AuditActor,
  companyId: number,
  days: InvoiceTermsDays | null,
) {
  return db.transaction(async (tx) => {
    const row = await writePaymentTerms(tx, companyId, days);
    if (!row) throw notFound("No such company");
    await recordAudit(tx, actor, {
      action: "company.terms",
      subjectType: "company",
      subjectId: companyId,
      detail: { days },
    });
    return { company_id: row.id, terms_days: row.terms };
  });
}
