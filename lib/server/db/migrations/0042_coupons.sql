CREATE TABLE "coupon_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer,
	"checkout_session" text,
	"discount_minor" integer NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "coupon_redemptions_discount_check" CHECK ("coupon_redemptions"."discount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_bp" integer,
	"amount_minor" integer,
	"applies_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"max_per_company" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"min_order_minor" integer,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_check" CHECK ("coupons"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent', 'amount')),
	CONSTRAINT "coupons_discount_check" CHECK (("coupons"."kind" = 'percent' and "coupons"."percent_bp" between 1 and 10000 and "coupons"."amount_minor" is null) or ("coupons"."kind" = 'amount' and "coupons"."amount_minor" > 0 and "coupons"."percent_bp" is null)),
	CONSTRAINT "coupons_limits_check" CHECK (coalesce("coupons"."max_redemptions", 1) >= 1 and coalesce("coupons"."max_per_company", 1) >= 1 and coalesce("coupons"."min_order_minor", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_session_idx" ON "coupon_redemptions" USING btree ("checkout_session");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree (upper("code"));