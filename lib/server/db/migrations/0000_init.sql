CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"website" text,
	"logo_url" text,
	"about" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"department" text NOT NULL,
	"region" text NOT NULL,
	"type" text NOT NULL,
	"location" text NOT NULL,
	"salary_min" integer,
	"salary_max" integer,
	"salary_currency" text DEFAULT 'USD' NOT NULL,
	"description" text NOT NULL,
	"apply_url" text,
	"apply_email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"sponsored" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')) STORED NOT NULL,
	CONSTRAINT "jobs_department_check" CHECK ("jobs"."department" in ('administration', 'creator-partnerships', 'design', 'engineering', 'finance', 'influencer-marketing', 'legal', 'marketing', 'operations', 'product', 'sales', 'support', 'talent-management')),
	CONSTRAINT "jobs_region_check" CHECK ("jobs"."region" in ('remote', 'united-states', 'united-kingdom', 'canada', 'europe', 'australia', 'asia', 'africa', 'south-america')),
	CONSTRAINT "jobs_type_check" CHECK ("jobs"."type" in ('full-time', 'part-time', 'contractor', 'internship')),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'open', 'filled', 'expired', 'rejected')),
	CONSTRAINT "jobs_apply_check" CHECK ("jobs"."apply_url" is not null or "jobs"."apply_email" is not null),
	CONSTRAINT "jobs_salary_check" CHECK ("jobs"."salary_min" is null or "jobs"."salary_max" is null or "jobs"."salary_min" <= "jobs"."salary_max")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_company_idx" ON "jobs" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("sponsored" DESC NULLS LAST,"published_at" DESC NULLS LAST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_department_idx" ON "jobs" USING btree ("department","published_at" DESC NULLS LAST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_region_idx" ON "jobs" USING btree ("region","published_at" DESC NULLS LAST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_type_idx" ON "jobs" USING btree ("type","published_at" DESC NULLS LAST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "jobs_published_idx" ON "jobs" USING btree ("published_at");