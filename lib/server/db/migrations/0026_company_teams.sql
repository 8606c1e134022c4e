CREATE TABLE "company_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_role_check" CHECK ("company_invitations"."role" in ('admin', 'recruiter', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"applicant_mail" text DEFAULT 'own' NOT NULL,
	"digest_through" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" in ('owner', 'admin', 'recruiter', 'viewer')),
	CONSTRAINT "company_members_applicant_mail_check" CHECK ("company_members"."applicant_mail" in ('own', 'instant', 'daily', 'off'))
);
--> statement-breakpoint
ALTER TABLE "companies" DROP CONSTRAINT "companies_owner_id_unique";--> statement-breakpoint
ALTER TABLE "companies" DROP CONSTRAINT "companies_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "stage_changed_by" integer;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_pending_key" ON "company_invitations" USING btree ("company_id","email") WHERE accepted_at is null and withdrawn_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_owner_key" ON "company_members" USING btree ("company_id") WHERE role = 'owner';--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_stage_changed_by_users_id_fk" FOREIGN KEY ("stage_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","at");--> statement-breakpoint
-- Each company's account becomes its owner (issue 44): nothing they see changes.
INSERT INTO "company_members" ("company_id", "user_id", "role", "joined_at")
SELECT "id", "owner_id", 'owner', "created_at" FROM "companies" WHERE "owner_id" IS NOT NULL;--> statement-breakpoint
-- The employer's changes recorded before teams belong to the company of what they changed.
UPDATE "audit_log" SET "company_id" = "subject_id"
WHERE "subject_type" = 'company' AND EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = "subject_id");--> statement-breakpoint
UPDATE "audit_log" a SET "company_id" = j."company_id" FROM "jobs" j
WHERE a."subject_type" = 'listing' AND j."id" = a."subject_id";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "owner_id";