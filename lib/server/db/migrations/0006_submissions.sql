CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "plan" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "payment_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_submitted_by_idx" ON "jobs" USING btree ("submitted_by","created_at");--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_checkout_session_id_unique" UNIQUE("checkout_session_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_plan_check" CHECK ("jobs"."plan" in ('standard', 'sponsored', 'featured'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_payment_status_check" CHECK ("jobs"."payment_status" in ('none', 'awaiting_payment', 'invoice_due', 'paid'));