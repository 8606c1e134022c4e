CREATE TABLE "listing_packs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_packs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"plan" text NOT NULL,
	"name" text NOT NULL,
	"listings" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"credit_months" integer DEFAULT 12 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_packs_slug_check" CHECK ("listing_packs"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "listing_packs_listings_check" CHECK ("listing_packs"."listings" between 1 and 1000),
	CONSTRAINT "listing_packs_price_check" CHECK ("listing_packs"."price_minor" > 0),
	CONSTRAINT "listing_packs_months_check" CHECK ("listing_packs"."credit_months" between 1 and 36)
);
--> statement-breakpoint
CREATE TABLE "listing_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"days" integer NOT NULL,
	"sponsored" boolean DEFAULT false NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"includes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_plans_slug_check" CHECK ("listing_plans"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "listing_plans_price_check" CHECK ("listing_plans"."price_minor" >= 0),
	CONSTRAINT "listing_plans_days_check" CHECK ("listing_plans"."days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "offer_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"comparison" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_settings_one_row" CHECK ("offer_settings"."id" = 1),
	CONSTRAINT "offer_settings_currency_check" CHECK ("offer_settings"."currency" in ('usd', 'eur', 'gbp', 'cad', 'aud', 'nzd', 'chf', 'sek', 'nok', 'dkk', 'pln', 'jpy'))
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_plan_check";--> statement-breakpoint
ALTER TABLE "listing_credits" DROP CONSTRAINT "listing_credits_plan_check";--> statement-breakpoint
ALTER TABLE "ats_sources" DROP CONSTRAINT "ats_sources_plan_check";--> statement-breakpoint
CREATE UNIQUE INDEX "listing_packs_slug_idx" ON "listing_packs" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_plans_slug_idx" ON "listing_plans" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "listing_packs" ADD CONSTRAINT "listing_packs_plan_listing_plans_slug_fk" FOREIGN KEY ("plan") REFERENCES "public"."listing_plans"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The offer that had been constants (features/billing/pricing.ts before issue 63).
INSERT INTO "listing_plans" ("slug", "name", "price_minor", "days", "sponsored", "recommended", "position", "summary", "includes") VALUES
  ('standard', 'Standard', 0, 30, false, false, 0, 'A listing on the board, reviewed by a person within one working day.', '["Listed for 30 days", "In its department, region and type pages", "In job alerts that match it"]'::jsonb),
  ('sponsored', 'Sponsored', 19900, 30, true, true, 1, 'In the sponsored places at the top of every list it is in, for 30 days.', '["Everything in Standard", "Takes turns, hour by hour, in the top five places of every list and search it is in", "Highlighted with a Sponsored badge", "In the weekly newsletter"]'::jsonb),
  ('featured', 'Featured', 34900, 60, true, false, 2, 'Sponsored for twice as long, and promoted on our social channels.', '["Everything in Sponsored", "Listed and sponsored for 60 days", "A post on our social channels", "A second newsletter mention after 30 days"]'::jsonb);--> statement-breakpoint
INSERT INTO "listing_packs" ("slug", "plan", "name", "listings", "price_minor", "position") VALUES
  ('sponsored-3', 'sponsored', '3 Sponsored listings', 3, 49900, 0),
  ('sponsored-10', 'sponsored', '10 Sponsored listings', 10, 149000, 1),
  ('featured-3', 'featured', '3 Featured listings', 3, 87900, 2),
  ('featured-10', 'featured', '10 Featured listings', 10, 249000, 3);--> statement-breakpoint
INSERT INTO "offer_settings" ("id", "currency", "comparison") VALUES (1, 'usd', '[{"feature": "Reviewed and published within one working day", "plans": ["standard", "sponsored", "featured"]}, {"feature": "Department, region and type pages", "plans": ["standard", "sponsored", "featured"]}, {"feature": "Job alerts to matching candidates", "plans": ["standard", "sponsored", "featured"]}, {"feature": "Sponsored places at the top of lists", "plans": ["sponsored", "featured"]}, {"feature": "Sponsored badge", "plans": ["sponsored", "featured"]}, {"feature": "Weekly newsletter", "plans": ["sponsored", "featured"]}, {"feature": "Social media post", "plans": ["featured"]}, {"feature": "60 days instead of 30", "plans": ["featured"]}]'::jsonb);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_plan_listing_plans_slug_fk" FOREIGN KEY ("plan") REFERENCES "public"."listing_plans"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_credits" ADD CONSTRAINT "listing_credits_plan_listing_plans_slug_fk" FOREIGN KEY ("plan") REFERENCES "public"."listing_plans"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_sources" ADD CONSTRAINT "ats_sources_plan_listing_plans_slug_fk" FOREIGN KEY ("plan") REFERENCES "public"."listing_plans"("slug") ON DELETE no action ON UPDATE no action;