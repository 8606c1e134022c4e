CREATE TABLE "application_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_cvs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"cv_key" text NOT NULL,
	"cv_name" text NOT NULL,
	"cv_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"headline" text,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_note" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cv_key" text,
	"cv_name" text,
	"cv_bytes" integer,
	"stage" text DEFAULT 'new' NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_message" text,
	"closed_reason" text,
	"closed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	"employer_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_job_user_key" UNIQUE("job_id","user_id"),
	CONSTRAINT "job_applications_stage_check" CHECK ("job_applications"."stage" in ('new', 'reviewing', 'interview', 'offer', 'hired', 'not_selected')),
	CONSTRAINT "job_applications_closed_reason_check" CHECK ("job_applications"."closed_reason" is null or "job_applications"."closed_reason" in ('filled', 'withdrawn', 'removed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_apply_check";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "apply_method" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
-- Listings written before: applied for at their link, or by email when they have only that.
UPDATE "jobs" SET "apply_method" = 'email' WHERE "apply_url" IS NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "screening_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "applications_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "applicant_mail" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_cvs" ADD CONSTRAINT "candidate_cvs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "job_applications_job_stage_idx" ON "job_applications" USING btree ("job_id","stage","created_at");--> statement-breakpoint
CREATE INDEX "job_applications_user_idx" ON "job_applications" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_apply_method_check" CHECK ("jobs"."apply_method" in ('board', 'link', 'email'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_applicant_mail_check" CHECK ("jobs"."applicant_mail" in ('instant', 'daily'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_apply_check" CHECK ("jobs"."apply_method" = 'board' or "jobs"."apply_url" is not null or "jobs"."apply_email" is not null);