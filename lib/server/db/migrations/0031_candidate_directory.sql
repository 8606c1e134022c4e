CREATE TABLE "company_allowances" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_allowances_company_id_kind_day_pk" PRIMARY KEY("company_id","kind","day"),
	CONSTRAINT "company_allowances_kind_check" CHECK ("company_allowances"."kind" in ('profile_views', 'invitations')),
	CONSTRAINT "company_allowances_used_check" CHECK ("company_allowances"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_blocks" (
	"candidate_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_blocks_candidate_id_company_id_pk" PRIMARY KEY("candidate_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "job_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"invited_by" integer,
	"message" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "job_invitations_job_candidate_key" UNIQUE("job_id","candidate_id"),
	CONSTRAINT "job_invitations_status_check" CHECK ("job_invitations"."status" in ('sent', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "profile_views" (
	"company_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"viewed_on" date NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_views_company_id_candidate_id_viewed_on_pk" PRIMARY KEY("company_id","candidate_id","viewed_on")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_visibility" text DEFAULT 'hidden' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitations_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_key" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 20) NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "invitation_id" integer;--> statement-breakpoint
ALTER TABLE "company_allowances" ADD CONSTRAINT "company_allowances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_blocks" ADD CONSTRAINT "company_blocks_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_blocks" ADD CONSTRAINT "company_blocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_blocks_company_idx" ON "company_blocks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "job_invitations_candidate_idx" ON "job_invitations" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE INDEX "job_invitations_company_idx" ON "job_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_views_candidate_idx" ON "profile_views" USING btree ("candidate_id","viewed_at");--> statement-breakpoint
CREATE INDEX "profile_views_viewed_on_idx" ON "profile_views" USING btree ("viewed_on");--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_invitation_id_job_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."job_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_profile_vector_idx" ON "users" USING gin ("profile_vector") WHERE profile_visibility <> 'hidden';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_key_unique" UNIQUE("profile_key");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_visibility_check" CHECK ("users"."profile_visibility" in ('public', 'employers', 'hidden'));--> statement-breakpoint
-- What the employers' search matches: headline and skills (A), name (B), location (C), bio (D).
-- A trigger rather than a generated column: array_to_string is not immutable.
CREATE FUNCTION users_profile_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.profile_vector :=
    setweight(to_tsvector('english', coalesce(NEW.headline, '') || ' ' || array_to_string(NEW.skills, ' ')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.full_name, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.location, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(NEW.bio, '')), 'D');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_profile_vector BEFORE INSERT OR UPDATE OF headline, skills, full_name, location, bio ON users
  FOR EACH ROW EXECUTE FUNCTION users_profile_vector();--> statement-breakpoint
-- The talent page's opt-in becomes "public"; everyone else stays hidden until they choose.
UPDATE users SET profile_visibility = CASE WHEN show_on_talent_page THEN 'public' ELSE 'hidden' END,
  headline = headline;
