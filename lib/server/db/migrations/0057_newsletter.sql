CREATE TABLE "newsletter_issue_listings" (
	"issue_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sponsored" boolean DEFAULT false NOT NULL,
	CONSTRAINT "newsletter_issue_listings_issue_id_job_id_pk" PRIMARY KEY("issue_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletter_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"week" date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"subject" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"intro_html" text DEFAULT '' NOT NULL,
	"highlight" jsonb,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_issues_status_check" CHECK ("newsletter_issues"."status" in ('scheduled', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"issue_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_sends_issue_id_subscriber_id_pk" PRIMARY KEY("issue_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletter_subscribers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"departments" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_sent_at" timestamp with time zone,
	"confirm_mails" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stop_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_status_check" CHECK ("newsletter_subscribers"."status" in ('pending', 'confirmed', 'unsubscribed', 'bounced', 'complained'))
);
--> statement-breakpoint
ALTER TABLE "audience_days" ADD COLUMN "subscribers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_issue_listings" ADD CONSTRAINT "newsletter_issue_listings_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issue_listings" ADD CONSTRAINT "newsletter_issue_listings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_issue_listings_job_idx" ON "newsletter_issue_listings" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_week_idx" ON "newsletter_issues" USING btree ("week");--> statement-breakpoint
CREATE INDEX "newsletter_sends_subscriber_idx" ON "newsletter_sends" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree ("email_normalized");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_confirmed_idx" ON "newsletter_subscribers" USING btree ("id") WHERE status = 'confirmed';--> statement-breakpoint
-- Issue 66: /pricing promises only what the board does. Sponsored listings are in the Sponsored
-- section of every weekly issue while live (features/newsletter), so Featured's "second mention
-- after 30 days" is simply every issue of its 60 days. Only rows still holding the seeded words
-- (migration 0040) change: an owner's own wording stays.
UPDATE "listing_plans" SET "includes" = (
  SELECT jsonb_agg(CASE item
    WHEN 'In the weekly newsletter' THEN to_jsonb('In the Sponsored section of every weekly newsletter while live'::text)
    WHEN 'A second newsletter mention after 30 days' THEN to_jsonb('In every weekly newsletter for all 60 days'::text)
    ELSE to_jsonb(item) END ORDER BY ordinality)
  FROM jsonb_array_elements_text("includes") WITH ORDINALITY AS element(item, ordinality)
)
WHERE ("slug" = 'sponsored' AND "includes" ? 'In the weekly newsletter')
   OR ("slug" = 'featured' AND "includes" ? 'A second newsletter mention after 30 days');--> statement-breakpoint
UPDATE "offer_settings" SET "comparison" = (
  SELECT jsonb_agg(CASE WHEN row_value->>'feature' = 'Weekly newsletter'
    THEN jsonb_set(row_value, '{feature}', to_jsonb('In every weekly newsletter while live'::text))
    ELSE row_value END ORDER BY ordinality)
  FROM jsonb_array_elements("comparison") WITH ORDINALITY AS element(row_value, ordinality)
)
WHERE "id" = 1 AND "comparison" @> '[{"feature": "Weekly newsletter"}]'::jsonb;
