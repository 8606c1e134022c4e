ALTER TABLE "company_subscriptions" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD COLUMN "coupon_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD COLUMN "coupon_stripe_off_minor" integer;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;