CREATE TABLE "company_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"plan" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method" text NOT NULL,
	"billing_anchor" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"next_plan" text,
	"stripe_subscription_id" text,
	"stripe_customer_id" text,
	"stripe_session_id" text,
	"failed_payments" integer DEFAULT 0 NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "company_subscriptions_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "company_subscriptions_status_check" CHECK ("company_subscriptions"."status" in ('active', 'past_due', 'canceled')),
	CONSTRAINT "company_subscriptions_method_check" CHECK ("company_subscriptions"."payment_method" in ('stripe', 'transfer')),
	CONSTRAINT "company_subscriptions_period_check" CHECK ("company_subscriptions"."current_period_end" > "company_subscriptions"."current_period_start")
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"subscription_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" text DEFAULT 'period' NOT NULL,
	"stripe_invoice_id" text,
	CONSTRAINT "subscription_invoices_subscription_id_invoice_id_pk" PRIMARY KEY("subscription_id","invoice_id"),
	CONSTRAINT "subscription_invoices_stripe_invoice_id_unique" UNIQUE("stripe_invoice_id"),
	CONSTRAINT "subscription_invoices_kind_check" CHECK ("subscription_invoices"."kind" in ('period', 'proration'))
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"interval" text NOT NULL,
	"price_minor" integer NOT NULL,
	"listings" integer NOT NULL,
	"plan" text NOT NULL,
	"rollover" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_slug_check" CHECK ("subscription_plans"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "subscription_plans_interval_check" CHECK ("subscription_plans"."interval" in ('month', 'year')),
	CONSTRAINT "subscription_plans_price_check" CHECK ("subscription_plans"."price_minor" > 0),
	CONSTRAINT "subscription_plans_listings_check" CHECK ("subscription_plans"."listings" between 1 and 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_slug_idx" ON "subscription_plans" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_purpose_check";--> statement-breakpoint
ALTER TABLE "listing_credits" ALTER COLUMN "expires_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_plan_subscription_plans_slug_fk" FOREIGN KEY ("plan") REFERENCES "public"."subscription_plans"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_next_plan_subscription_plans_slug_fk" FOREIGN KEY ("next_plan") REFERENCES "public"."subscription_plans"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_subscription_id_company_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."company_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_plan_listing_plans_slug_fk" FOREIGN KEY ("plan") REFERENCES "public"."listing_plans"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_subscriptions_live_idx" ON "company_subscriptions" USING btree ("company_id") WHERE status <> 'canceled';--> statement-breakpoint
CREATE INDEX "company_subscriptions_due_idx" ON "company_subscriptions" USING btree ("current_period_end") WHERE status <> 'canceled' and payment_method = 'transfer';--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_period_idx" ON "subscription_invoices" USING btree ("subscription_id","period_start") WHERE kind = 'period';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purpose_check" CHECK ("invoices"."purpose" in ('listing', 'renewal', 'pack', 'upgrade', 'subscription'));--> statement-breakpoint
-- Employer subscriptions on sale at first (issue 63): the owner edits the rows later.
INSERT INTO "subscription_plans" ("slug", "name", "interval", "price_minor", "listings", "plan", "rollover", "position") VALUES
  ('sponsored-monthly', 'Sponsored monthly', 'month', 49900, 3, 'sponsored', false, 0),
  ('sponsored-yearly', 'Sponsored yearly', 'year', 499000, 40, 'sponsored', true, 1);
