import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./jobs";
import { INVOICE_KINDS, type InvoiceKind } from "../../../billing/invoice-number";
import { oneOf } from "./checks";

/* Payments: the Stripe events already acted on, and the invoice series. */

/**
 * Stripe webhook events already acted on, by Stripe's event id: Stripe retries deliveries and
 * a captured request can be replayed, and neither may act twice.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number given in each invoice series (issue 45): one row per kind (invoices, credit
 * notes) and year, moved on in the transaction that stores the document, so the numbers have no
 * gap (lib/server/billing/invoice-numbers.ts).
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    kind: text("kind").$type<InvoiceKind>().notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check("invoice_counters_kind_check", oneOf(t.kind, INVOICE_KINDS)),
  ],
);

/**
 * Who a company's invoices are made out to (issue 45): set by its owner and admins, printed on
 * each invoice issued after (an invoice keeps its own copy). VAT IDs compact, with their prefix.
 */
export const billingDetails = pgTable("billing_details", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull(),
  addressLine1: text("address_line1").notNull(),
  addressLine2: text("address_line2"),
  city: text("city").notNull(),
  postalCode: text("postal_code"),
  region: text("region"),
  /** ISO 3166-1 alpha-2. */
  country: text("country").notNull(),
  vatId: text("vat_id"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
