-- Job alerts (lib/server/alerts): each candidate's time zone and when the run last claimed them,
-- the jobs each was sent (never twice), and app_secrets, where the key that signs unsubscribe
-- links is made once per database. Existing candidates have no last digest (null): the first
-- run after this one is due for them, and looks back a day or a week.
CREATE TABLE "alert_sent_jobs" (
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_sent_jobs_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "alerts_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_sent_jobs" ADD CONSTRAINT "alert_sent_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_sent_jobs" ADD CONSTRAINT "alert_sent_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_sent_jobs_job_idx" ON "alert_sent_jobs" USING btree ("job_id");