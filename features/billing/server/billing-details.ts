import { eq } from "drizzle-orm";
import type { z } from "zod";
import type {
  BillingContactInput,
  BillingDetailsInput,
  billingDetailsSchema,
} from "@/features/billing/schemas";
import { employerActor, recordAudit } from "@/lib/server/audit/audit";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { billingDetails, companies } from "@/lib/server/db/schema";
import { InvalidInput } from "@/lib/server/errors";
import { vatCheckDigitsOk } from "./vat-check";

/*
 * A company's billing details (issue 45), read and set by its owner and admins (the employer
 * guard sees to who). A VAT ID of the right shape whose check digits do not add up is refused
 * like a wrong shape: 422 on vat_id, nothing stored.
 */

type BillingDetails = z.input<typeof billingDetailsSchema>;
type Row = typeof billingDetails.$inferSelect;

const json = (row: Row): BillingDetails => ({
  legal_name: row.legalName,
  address_line1: row.addressLine1,
  address_line2: row.addressLine2,
  city: row.city,
  postal_code: row.postalCode,
  region: row.region,
  country: row.country,
  vat_id: row.vatId,
  purchase_order: row.purchaseOrder,
  updated_at: row.updatedAt.toISOString(),
});

/** The company's billing details; null until given. */
export async function readBillingDetails(db: Database, companyId: number) {
  const [row] = await db
    .select()
    .from(billingDetails)
    .where(eq(billingDetails.companyId, companyId));
  return row ? json(row) : null;
}

/** Sets the caller's company's billing details, with an audit entry naming the fields changed. */
export async function saveBillingDetails(
  db: Database,
  { user, member }: Employer,
  input: BillingDetailsInput,
  now: Date = new Date(),
): Promise<BillingDetails> {
  if (input.vat_id && !(await vatCheckDigitsOk(input.vat_id))) {
    throw new InvalidInput({
      vat_id: ["This VAT ID's check digits do not add up: check it for a mistyped digit"],
    });
  }
  const values = {
    legalName: input.legal_name,
    addressLine1: input.address_line1,
    addressLine2: input.address_line2,
    city: input.city,
    postalCode: input.postal_code,
    region: input.region,
    country: input.country,
    vatId: input.vat_id,
    purchaseOrder: input.purchase_order,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(billingDetails)
      .where(eq(billingDetails.companyId, member.companyId))
      .for("update");
    const [row] = await tx
      .insert(billingDetails)
      .values({ companyId: member.companyId, ...values })
      .onConflictDoUpdate({ target: billingDetails.companyId, set: values })
      .returning();
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
      (field) => field !== "updatedAt" && before?.[field] !== values[field],
    );
    if (changed.length > 0) {
      await recordAudit(tx, employerActor(user), {
        action: "company.billing",
        subjectType: "company",
        subjectId: member.companyId,
        detail: { fields: changed },
      });
    }
    return json(row!);
  });
}

/** Where the company's invoices are mailed (issue 61): its billing address, or null. */
export async function readBillingContact(db: Database, companyId: number) {
  const [row] = await db
    .select({ email: companies.billingEmail })
    .from(companies)
    .where(eq(companies.id, companyId));
  return { email: row?.email ?? null };
}

/** Sets (or with null clears) where the caller's company's invoices are mailed, audited. */
export async function saveBillingContact(
  db: Database,
  { user, member }: Employer,
  input: BillingContactInput,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: companies.billingEmail })
      .from(companies)
      .where(eq(companies.id, member.companyId))
      .for("update");
    const [row] = await tx
      .update(companies)
      .set({ billingEmail: input.email })
      .where(eq(companies.id, member.companyId))
      .returning({ email: companies.billingEmail });
    if (before?.email !== input.email) {
      await recordAudit(tx, employerActor(user), {
        action: "company.billing_contact",
        subjectType: "company",
        subjectId: member.companyId,
        // The address is the company's own, and its activity page shows it to its admins.
        detail: { email: input.email },
      });
    }
    return { email: row?.email ?? null };
  });
}
