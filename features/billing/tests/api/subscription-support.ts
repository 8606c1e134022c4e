import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { invoices, listingCredits, subscriptionPlans } from "@/lib/server/db/schema";

/* What the subscription tests (issue 63), on invoice and by card, share. */

/** A dearer monthly plan to change to (the seed has one monthly plan): `featured-monthly-<run>`. */
export async function addDearerMonthlyPlan(db: Database, run: string) {
  await db
    .insert(subscriptionPlans)
    .values({
      slug: `featured-monthly-${run}`,
      name: "Featured monthly",
      interval: "month",
      priceMinor: 89_900,
      listings: 5,
      plan: "sponsored",
      position: 5,
    })
    .onConflictDoNothing();
  return `featured-monthly-${run}`;
}

/** The company's subscription invoices, oldest first. */
export const subscriptionInvoicesOf = (db: Database, companyId: number) =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.purpose, "subscription")))
    .orderBy(asc(invoices.id));

/** The credits an invoice gave. */
export const creditsOfInvoice = (db: Database, invoiceId: number) =>
  db.select().from(listingCredits).where(eq(listingCredits.invoiceId, invoiceId));
