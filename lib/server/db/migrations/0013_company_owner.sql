ALTER TABLE "companies" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_id_unique" UNIQUE("owner_id");--> statement-breakpoint
-- Listings submitted before companies had owners: each employer owns the company of their latest.
UPDATE "companies" SET "owner_id" = "latest"."user_id"
FROM (
  SELECT DISTINCT ON ("submitted_by") "submitted_by" AS "user_id", "company_id"
  FROM "jobs" WHERE "submitted_by" IS NOT NULL
  ORDER BY "submitted_by", "created_at" DESC, "id" DESC
) AS "latest"
WHERE "companies"."id" = "latest"."company_id" AND "companies"."owner_id" IS NULL;
