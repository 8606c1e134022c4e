CREATE TABLE "board_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text,
	"tagline" text,
	"hero_text" text,
	"contact_email" text,
	"newsletter_url" text,
	"social_url" text,
	"x_url" text,
	"linkedin_url" text,
	"instagram_url" text,
	"youtube_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "board_settings_one_row" CHECK ("board_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "board_settings" ADD CONSTRAINT "board_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;