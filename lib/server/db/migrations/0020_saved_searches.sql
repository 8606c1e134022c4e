CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"q" text,
	"department" text,
	"region" text,
	"type" text,
	"salary_min" integer,
	"alert_frequency" text NOT NULL,
	"alerts_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_alert_frequency_check" CHECK ("saved_searches"."alert_frequency" in ('daily', 'weekly', 'never')),
	CONSTRAINT "saved_searches_salary_min_check" CHECK ("saved_searches"."salary_min" is null or "saved_searches"."salary_min" >= 0)
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_search_key" ON "saved_searches" USING btree ("user_id",lower(coalesce(q, '')),coalesce(department, ''),coalesce(region, ''),coalesce(type, ''),coalesce(salary_min, -1));