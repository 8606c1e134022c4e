CREATE TABLE "social_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text NOT NULL,
	"connected_by" integer,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_channels_channel_check" CHECK ("social_channels"."channel" in ('discord', 'slack', 'telegram', 'bluesky', 'mastodon', 'x', 'linkedin'))
);
--> statement-breakpoint
CREATE TABLE "social_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"job_id" integer,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"remote_id" text,
	"remote_url" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"end_due_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_posts_channel_check" CHECK ("social_posts"."channel" in ('discord', 'slack', 'telegram', 'bluesky', 'mastodon', 'x', 'linkedin')),
	CONSTRAINT "social_posts_kind_check" CHECK ("social_posts"."kind" in ('post', 'roundup')),
	CONSTRAINT "social_posts_status_check" CHECK ("social_posts"."status" in ('queued', 'sending', 'posted', 'failed', 'skipped', 'deleted', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "social_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'plan' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_settings_one_row" CHECK ("social_settings"."id" = 1),
	CONSTRAINT "social_settings_mode_check" CHECK ("social_settings"."mode" in ('plan', 'every', 'roundup'))
);
--> statement-breakpoint
ALTER TABLE "listing_plans" ADD COLUMN "social_post" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "social_channels" ADD CONSTRAINT "social_channels_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_posts_subject_channel_idx" ON "social_posts" USING btree ("subject","channel");--> statement-breakpoint
CREATE INDEX "social_posts_job_idx" ON "social_posts" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "social_posts_status_idx" ON "social_posts" USING btree ("status","created_at");--> statement-breakpoint
-- Data (issue 66): the seeded Featured plan promises "A post on our social channels", so its
-- listings are the ones posted; the board's settings row, posting what plans promise.
UPDATE "listing_plans" SET "social_post" = true WHERE "slug" = 'featured';--> statement-breakpoint
INSERT INTO "social_settings" ("id", "mode") VALUES (1, 'plan') ON CONFLICT DO NOTHING;
