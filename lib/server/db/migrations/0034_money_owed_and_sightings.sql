CREATE TABLE "profile_sightings" (
	"company_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"seen_on" date NOT NULL,
	CONSTRAINT "profile_sightings_company_id_candidate_id_seen_on_pk" PRIMARY KEY("company_id","candidate_id","seen_on")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_sightings" ADD CONSTRAINT "profile_sightings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_sightings" ADD CONSTRAINT "profile_sightings_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_sightings_seen_on_idx" ON "profile_sightings" USING btree ("seen_on");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit_check" CHECK ("companies"."credit_limit_minor" >= 0);