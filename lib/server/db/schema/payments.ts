import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/* Payments: the Stripe events already acted on. */

/**
 * Stripe webhook events already acted on, by Stripe's event id: Stripe retries deliveries and
 * a captured request can be replayed, and neither may act twice.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
