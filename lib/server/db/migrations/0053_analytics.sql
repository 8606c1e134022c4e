CREATE TABLE "search_stats" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_stats_day_term_pk" PRIMARY KEY("day","term")
);
--> statement-breakpoint
CREATE TABLE "site_stats" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_stats_day_dimension_value_pk" PRIMARY KEY("day","dimension","value"),
	CONSTRAINT "site_stats_dimension_check" CHECK ("site_stats"."dimension" in ('total', 'page', 'landing', 'referrer', 'device'))
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "interviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "hired_at" timestamp with time zone;--> statement-breakpoint
-- Applications that stand at an interview or beyond reached it no later than their last move.
UPDATE "job_applications" SET "interviewed_at" = "stage_changed_at" WHERE "stage" IN ('interview', 'offer', 'hired');--> statement-breakpoint
UPDATE "job_applications" SET "hired_at" = "stage_changed_at" WHERE "stage" = 'hired';
