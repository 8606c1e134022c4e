CREATE TABLE "funnel_daily" (
	"day" date NOT NULL,
	"department" text NOT NULL,
	"region" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	"live_at_start" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"apply_clicks" integer DEFAULT 0 NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"interviews" integer DEFAULT 0 NOT NULL,
	"hires" integer DEFAULT 0 NOT NULL,
	"first_days" double precision[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "funnel_daily_day_department_region_type_source_pk" PRIMARY KEY("day","department","region","type","source"),
	CONSTRAINT "funnel_daily_source_check" CHECK ("funnel_daily"."source" in ('', 'typed', 'imported'))
);
--> statement-breakpoint
CREATE TABLE "funnel_days" (
	"day" date PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_applications_created_idx" ON "job_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_applications_interviewed_idx" ON "job_applications" USING btree ("interviewed_at") WHERE interviewed_at is not null;--> statement-breakpoint
CREATE INDEX "job_applications_hired_idx" ON "job_applications" USING btree ("hired_at") WHERE hired_at is not null;--> statement-breakpoint
CREATE INDEX "listing_stats_day_idx" ON "listing_stats" USING btree ("day");