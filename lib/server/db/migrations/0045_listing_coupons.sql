ALTER TABLE "jobs" ADD COLUMN "plan_days" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "coupon_code" text;--> statement-breakpoint
-- Issue 63: every listing so far keeps the days its plan gives now (a later change of days in
-- the console reaches new orders only).
UPDATE "jobs" SET "plan_days" = "listing_plans"."days" FROM "listing_plans" WHERE "listing_plans"."slug" = "jobs"."plan";
