CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer,
	"purpose" text NOT NULL,
	"credited_invoice_id" integer,
	"payment_method" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"currency" text NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"credited_minor" integer DEFAULT 0 NOT NULL,
	"tax_note" text,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"item" text,
	"stripe_session_id" text,
	"stripe_payment_intent" text,
	"stripe_refund_id" text,
	"refund_status" text DEFAULT 'none' NOT NULL,
	"issued_by" text,
	"reason" text,
	"reminder_sent_at" timestamp with time zone,
	"due_notice_sent_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "invoices_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "invoices_series_unique" UNIQUE("kind","year","sequence"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_purpose_check" CHECK ("invoices"."purpose" in ('listing', 'renewal', 'pack', 'upgrade')),
	CONSTRAINT "invoices_payment_method_check" CHECK ("invoices"."payment_method" in ('stripe', 'transfer')),
	CONSTRAINT "invoices_refund_status_check" CHECK ("invoices"."refund_status" in ('none', 'pending', 'succeeded', 'failed')),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."subtotal_minor" + "invoices"."tax_minor" = "invoices"."total_minor"),
	CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "listing_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plan" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone,
	"job_id" integer,
	"spent_on" text,
	"spent_by" integer,
	"returned_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"expiry_notice_at" timestamp with time zone,
	CONSTRAINT "listing_credits_plan_check" CHECK ("listing_credits"."plan" in ('sponsored', 'featured')),
	CONSTRAINT "listing_credits_spent_on_check" CHECK ("listing_credits"."spent_on" is null or "listing_credits"."spent_on" in ('listing', 'renewal', 'upgrade')),
	CONSTRAINT "listing_credits_spent_check" CHECK (("listing_credits"."spent_at" is null) = ("listing_credits"."spent_on" is null))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_terms_days" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_credits" ADD CONSTRAINT "listing_credits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_credits" ADD CONSTRAINT "listing_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_credits" ADD CONSTRAINT "listing_credits_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_credits" ADD CONSTRAINT "listing_credits_spent_by_users_id_fk" FOREIGN KEY ("spent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_unpaid_idx" ON "invoices" USING btree ("due_at") WHERE kind = 'invoice' and paid_at is null and due_at is not null;--> statement-breakpoint
CREATE INDEX "listing_credits_unspent_idx" ON "listing_credits" USING btree ("company_id","plan","expires_at") WHERE spent_at is null and revoked_at is null;--> statement-breakpoint
CREATE INDEX "listing_credits_job_idx" ON "listing_credits" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "listing_credits_invoice_idx" ON "listing_credits" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_invoice_terms_check" CHECK ("companies"."invoice_terms_days" is null or "companies"."invoice_terms_days" in (14, 30));