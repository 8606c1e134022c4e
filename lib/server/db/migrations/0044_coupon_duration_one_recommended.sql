ALTER TABLE "coupons" ADD COLUMN "duration" text DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "duration_in_months" integer;--> statement-breakpoint
-- At most one recommended plan: a board that had more keeps the first in its order.
UPDATE "listing_plans" SET "recommended" = false WHERE "recommended" AND "id" <> (SELECT "id" FROM "listing_plans" WHERE "recommended" ORDER BY "position", "id" LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX "listing_plans_one_recommended_idx" ON "listing_plans" USING btree ("recommended") WHERE "listing_plans"."recommended";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_duration_kind_check" CHECK ("coupons"."duration" in ('once', 'repeating', 'forever'));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_duration_check" CHECK (("coupons"."duration" = 'repeating') = ("coupons"."duration_in_months" is not null) and coalesce("coupons"."duration_in_months", 1) between 1 and 36);