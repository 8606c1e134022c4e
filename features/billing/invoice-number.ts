/*
 * Invoice numbers (issue 45): one series per kind and calendar year (UTC), numbered from 1 with
 * no gap and no duplicate (features/billing/server/invoice-numbers.ts gives them out). Invoices read
 * `2026-000123`; credit notes, in a series of their own, `CN-2026-000004`.
 */

import type { InvoiceKind } from "@/lib/model/billing";

// The kinds are the data model's (the tables check them): lib/model/billing.ts.
export { INVOICE_KINDS, type InvoiceKind } from "@/lib/model/billing";

const PREFIX: Record<InvoiceKind, string> = { invoice: "", credit_note: "CN-" };

/** The number as printed: the kind's prefix, the year, the place in the year's series. */
export const formatInvoiceNumber = (kind: InvoiceKind, year: number, sequence: number) =>
  `${PREFIX[kind]}${year}-${String(sequence).padStart(6, "0")}`;
