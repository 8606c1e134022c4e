-- Salary pages: a listing's pay may be per month or per hour (every earlier listing is per year),
-- and the figures the salary pages show, recomputed by a periodic task (lib/server/salaries).
CREATE TABLE "salary_figures" (
	"department" text NOT NULL,
	"region" text NOT NULL,
	"type" text NOT NULL,
	"quarter" text NOT NULL,
	"listings" integer NOT NULL,
	"p25" integer,
	"median" integer,
	"p75" integer,
	"low" integer,
	"high" integer,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "salary_figures_department_region_type_quarter_pk" PRIMARY KEY("department","region","type","quarter")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_period" text DEFAULT 'year' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_salary_period_check" CHECK ("jobs"."salary_period" in ('year', 'month', 'hour'));
