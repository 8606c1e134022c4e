CREATE TABLE "ats_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ats_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"job_id" integer,
	"title" text NOT NULL,
	"content_hash" text,
	"skip_reason" text,
	"skip_message" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gone_at" timestamp with time zone,
	CONSTRAINT "ats_jobs_source_external_key" UNIQUE("source_id","external_id"),
	CONSTRAINT "ats_jobs_job_key" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "ats_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ats_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ats" text NOT NULL,
	"board" text NOT NULL,
	"plan" text DEFAULT 'standard' NOT NULL,
	"rules" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_reason" text,
	"paused_at" timestamp with time zone,
	"added_by" integer,
	"added_by_moderator" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"etag" text,
	"last_modified" text,
	"body_hash" text,
	"last_report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_sources_board_key" UNIQUE("ats","board"),
	CONSTRAINT "ats_sources_ats_check" CHECK ("ats_sources"."ats" in ('greenhouse', 'lever', 'lever_eu', 'ashby', 'workable', 'recruitee')),
	CONSTRAINT "ats_sources_status_check" CHECK ("ats_sources"."status" in ('active', 'paused')),
	CONSTRAINT "ats_sources_plan_check" CHECK ("ats_sources"."plan" in ('standard', 'sponsored', 'featured'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "closed_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ats_jobs" ADD CONSTRAINT "ats_jobs_source_id_ats_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."ats_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_jobs" ADD CONSTRAINT "ats_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_sources" ADD CONSTRAINT "ats_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_sources" ADD CONSTRAINT "ats_sources_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ats_sources_company_idx" ON "ats_sources" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ats_sources_due_idx" ON "ats_sources" USING btree ("next_run_at") WHERE status = 'active';