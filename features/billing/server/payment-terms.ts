import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { paymentTermsSchema } from "@/features/billing/api-schemas";
import type { InvoiceTermsDays } from "@/features/billing/documents";
import { TRANSFER_UNAVAILABLE } from "@/features/billing/labels";
import type { Database } from "@/lib/server/db/client";
import { companies } from "@/lib/server/db/schema";
import { conflict } from "@/lib/server/errors";
import { readServerEnv, type ServerEnv } from "@/lib/server/env";

/*
 * How a company pays (issue 45): by card through Stripe Checkout where Stripe is set up, unless
 * a moderator allowed it to pay by bank transfer within 14 or 30 days; where Stripe is not set
 * up, everyone pays by transfer on the board's default terms.
 */

export type HowItPays = { method: "stripe" } | { method: "transfer"; termsDays: number };

export async function howCompanyPays(
  db: Database,
  companyId: number | null,
  env: ServerEnv = readServerEnv(),
): Promise<HowItPays> {
  if (companyId !== null) {
    const [row] = await db
      .select({ terms: companies.invoiceTermsDays })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (row?.terms) return { method: "transfer", termsDays: row.terms };
  }
  if (env.STRIPE_SECRET_KEY) return { method: "stripe" };
  return { method: "transfer", termsDays: env.BILLING_DEFAULT_TERMS_DAYS };
}

/**
 * Whether the board can take a bank transfer: only once the seller's bank account is set
 * (BILLING_SELLER_BANK), so that every invoice due by transfer says where to pay (issue 61).
 */
export const transferReady = (env: ServerEnv = readServerEnv()) =>
  env.BILLING_SELLER_BANK.length > 0;

/** Refuses (409) an order on invoice to pay by transfer while the seller's bank is not set. */
export function refuseTransferWithoutBank(env: ServerEnv = readServerEnv()) {
  if (!transferReady(env)) throw conflict(TRANSFER_UNAVAILABLE);
}

/** When an invoice issued at `issuedAt` on `days` of terms is due. */
export const dueDate = (issuedAt: Date, days: number) =>
  new Date(issuedAt.getTime() + days * 24 * 60 * 60 * 1000);

export const paymentTermsJson = (how: HowItPays): z.input<typeof paymentTermsSchema> =>
  how.method === "stripe"
    ? { pays_by: "card", terms_days: null, transfer_ready: transferReady() }
    : { pays_by: "transfer", terms_days: how.termsDays, transfer_ready: transferReady() };

/** The company's terms set to `days` (null: card only); null when there is no such company. */
export async function writePaymentTerms(
  tx: Database,
  companyId: number,
  days: InvoiceTermsDays | null,
) {
  const [row] = await tx
    .update(companies)
    .set({ invoiceTermsDays: days })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id, terms: companies.invoiceTermsDays });
  return row ?? null;
}
